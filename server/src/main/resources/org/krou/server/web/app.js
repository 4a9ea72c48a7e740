// Krou explorer: draws the board of a position from /api/v1/<variant>?position=...&captured=S,N and
// plays moves by following the positions the API gives for them; the rules live on the server only.
'use strict';

const SOUTH = ['a', 'b', 'c', 'd', 'e', 'f'];
const NORTH = ['A', 'B', 'C', 'D', 'E', 'F'];
const START = '0 0 1 3 0 2 / 2 1 0 0 1 0 S';
const $ = (id) => document.getElementById(id);

const state = {
  variant: 'abapa',
  history: [],      // [{position, captured: [south, north]}]
  index: -1,
  answer: null,     // the probe answer of the current position
  coverage: {},     // variant -> largest seed count
  busy: false,
  request: null,    // the AbortController of the newest probe of a position: only its answer is drawn
};

// The twelve counts of a position's text, a..f then A..F, or null when it cannot be read so (the
// server says what is wrong with it): only to draw a board the tables cannot answer.
function pits(position) {
  const halves = String(position).trim().replace(/\s*[SNsn]$/, '').split('/');
  if (halves.length !== 2) return null;
  const counts = halves.flatMap((h) => h.trim().split(/[\s,]+/));
  if (counts.length !== 12 || !counts.every((t) => /^[0-9]{1,2}$/.test(t))) return null;
  return counts.map(Number);
}

function sideOf(position) {
  return /N\s*$/i.test(position) ? 'N' : 'S';
}

function current() {
  return state.history[state.index];
}

// A query string from its parameters; '/' and ',' are left unescaped (both are allowed in a query)
// so that shared addresses read as the position is written.
function query(params) {
  return new URLSearchParams(params).toString().replace(/%2F/gi, '/').replace(/%2C/gi, ',');
}

// The API path of the current variant plus suffix ('' or '/pv'), with the query of a position.
function probePath(suffix, c) {
  return 'api/v1/' + encodeURIComponent(state.variant) + suffix + '?'
    + query({ position: c.position, captured: c.captured.join(',') });
}

// The JSON answer of a GET; otherwise an Error with the server's {"error"} message, or the HTTP
// status when the answer is not the API's JSON (a proxy's page, say).
async function api(path, signal) {
  const r = await fetch(path, { headers: { Accept: 'application/json' }, signal });
  if (!r.ok) {
    let message = 'HTTP ' + r.status;
    try {
      const body = await r.json();
      if (body && typeof body.error === 'string') message = body.error;
    } catch (e) {
      // not JSON: the status says it
    }
    throw new Error(message);
  }
  return r.json();
}

function showError(message) {
  const e = $('error');
  e.textContent = message || '';
  e.hidden = !message;
}

function updateUrl() {
  const c = current();
  const url = '?' + query({ variant: state.variant, position: c.position, captured: c.captured.join(',') });
  history.replaceState(null, '', url);
}

function describe(value, side) {
  const who = side === 'S' ? 'South' : 'North';
  if (value > 0) return who + ' to move gains ' + value;
  if (value < 0) return who + ' to move loses ' + (-value);
  return who + ' to move: even';
}

// Back and Forward are offered only where the history goes.
function updateNav() {
  $('back').disabled = state.index <= 0;
  $('forward').disabled = state.index >= state.history.length - 1;
}

function pitButton(letter, count, move, best, mover) {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = 'pit-' + letter;
  b.className = 'pit';
  b.dataset.pit = letter;
  let label = 'pit ' + letter + ', ' + (count === null ? 'count unknown' : count + ' seeds');
  let evalHtml = '';
  if (move) {
    const cls = move.value > 0 ? 'win' : move.value < 0 ? 'loss' : 'draw';
    b.classList.add('legal', cls);
    b.dataset.value = String(move.value);
    if (move.distance !== undefined) b.dataset.distance = String(move.distance);
    const v = (move.value > 0 ? '+' : '') + move.value;
    const d = move.distance !== undefined ? ' d' + move.distance : '';
    evalHtml = '<span class="eval">' + v + d + '</span>';
    label += ', play it: value ' + v + (move.captured ? ', captures ' + move.captured : '')
      + (move.distance !== undefined ? ', ' + move.distance + ' plies to conversion' : '');
    if (best) {
      b.classList.add('best');
      b.dataset.best = 'true';
      label += ', best';
    }
    b.addEventListener('click', () => play(letter));
  } else {
    b.disabled = mover;
    b.tabIndex = -1;
  }
  b.setAttribute('aria-label', label);
  b.innerHTML = '<span class="letter">' + letter + (best ? ' \u2605' : '') + '</span><span class="count">'
    + (count === null ? '?' : count) + '</span>' + evalHtml;
  return b;
}

// Draws the pits (counts null: unknown) and the stores; moves and best may be empty (nothing to play).
function drawBoard(counts, side, moves, best, captured, toMove) {
  const north = $('north-row');
  const south = $('south-row');
  north.replaceChildren();
  south.replaceChildren();
  const count = (i) => (counts ? counts[i] : null);
  for (let i = 5; i >= 0; i--) {
    north.appendChild(pitButton(NORTH[i], count(6 + i), moves[NORTH[i]], best.includes(NORTH[i]), side === 'N'));
  }
  for (let i = 0; i < 6; i++) {
    south.appendChild(pitButton(SOUTH[i], count(i), moves[SOUTH[i]], best.includes(SOUTH[i]), side === 'S'));
  }
  $('south-captured').textContent = captured ? captured[0] : '?';
  $('north-captured').textContent = captured ? captured[1] : '?';
  $('south-turn').textContent = toMove && side === 'S' ? '\u2014 to move' : '';
  $('north-turn').textContent = toMove && side === 'N' ? '\u2014 to move' : '';
}

function render() {
  const a = state.answer;
  const c = current();
  const side = a.toMove;
  const moves = {};
  a.moves.forEach((m) => { moves[m.move] = m; });
  drawBoard(pits(a.position), side, moves, a.best, c.captured, a.moves.length > 0);
  $('position').textContent = a.position;
  let status = describe(a.value, side) + ' (value ' + (a.value > 0 ? '+' : '') + a.value + ')';
  if (a.moves.length === 0) {
    status = 'Game over: South ' + a.result.south + ', North ' + a.result.north + ' (' + a.result.outcome + ')';
  } else if (a.result) {
    status += '; perfect play ends South ' + a.result.south + ', North ' + a.result.north;
  }
  $('status').textContent = status;
  updateNav();
  document.body.dataset.position = a.position;
  document.body.dataset.ready = 'true';
}

// The position the tables cannot answer (outside their coverage, or unreadable), or none at all:
// its board as far as it can be read, nothing to play, and why (from the server) in the error line.
function renderMissing(message) {
  const c = current();
  const position = c ? c.position : '';
  const counts = c ? pits(position) : null;
  state.answer = null;
  drawBoard(counts, sideOf(position), {}, [], c ? c.captured : null, counts !== null);
  $('position').textContent = position;
  $('status').textContent = counts ? 'No values for this position: the tables here do not answer it.'
    : 'No values: the position cannot be read, so its pits are shown as ?.';
  showError(message);
  clearLine();
  updateNav();
  document.body.dataset.position = position;
  document.body.dataset.ready = 'error';
}

// Probes the current position and draws the answer. A newer load aborts this one, and an answer
// that still arrives after a newer request was made is dropped, so fast keys end on the right board.
async function load() {
  const c = current();
  if (state.request) state.request.abort();
  const request = new AbortController();
  state.request = request;
  state.answer = null; // nothing to play until this position's answer is in
  document.body.dataset.ready = 'false';
  try {
    const answer = await api(probePath('', c), request.signal);
    if (state.request !== request) return;
    state.answer = answer;
    showError('');
    render();
    updateUrl();
    clearLine();
    computerTurn();
  } catch (e) {
    if (state.request !== request) return;
    renderMissing(e.message);
  }
}

function push(position, captured) {
  state.history = state.history.slice(0, state.index + 1);
  state.history.push({ position, captured });
  state.index = state.history.length - 1;
}

async function play(letter) {
  const a = state.answer;
  const m = a && a.moves.find((x) => x.move === letter);
  if (!m || state.busy) return;
  const c = current();
  const captured = c.captured.slice();
  captured[a.toMove === 'S' ? 0 : 1] += m.captured;
  push(m.position, captured);
  await load();
}

async function go(delta) {
  const i = state.index + delta;
  if (i < 0 || i >= state.history.length) return;
  state.index = i;
  await load();
}

async function computerTurn() {
  const who = $('computer').value;
  const a = state.answer;
  if (!who || !a || a.toMove !== who || a.moves.length === 0) return;
  const c = current();
  state.busy = true;
  try {
    const pv = await api(probePath('/pv', c));
    state.busy = false;
    if (pv.line.length > 0 && current() === c) {
      await play(pv.line[0].move);
    }
  } catch (e) {
    showError(e.message);
  } finally {
    state.busy = false;
  }
}

function clearLine() {
  $('pv-line').replaceChildren();
  $('pv-summary').textContent = '';
}

async function showLine() {
  const c = current();
  try {
    const pv = await api(probePath('/pv', c));
    if (current() !== c) return; // the position changed while the line was asked for
    const list = $('pv-line');
    list.replaceChildren();
    pv.line.forEach((ply, k) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = ply.move + (ply.captured ? ' \u00d7' + ply.captured : '');
      b.title = 'Play the line up to this move';
      b.addEventListener('click', () => followLine(pv.line.slice(0, k + 1)));
      li.appendChild(b);
      list.appendChild(li);
    });
    const r = pv.result;
    $('pv-summary').textContent = pv.line.length + ' plies, ends by ' + pv.end + ': South ' + r.south
      + ', North ' + r.north + (pv.converts ? '' : ' (by the value: the line does not convert)');
  } catch (e) {
    if (current() === c) showError(e.message);
  }
}

async function followLine(plies) {
  for (const ply of plies) {
    await play(ply.move);
  }
}

function buildEditor() {
  const mk = (letters, into) => letters.forEach((l) => {
    const label = document.createElement('label');
    label.textContent = l;
    const input = document.createElement('input');
    input.type = 'number';
    input.min = '0';
    input.max = '48';
    input.value = '0';
    input.inputMode = 'numeric';
    input.id = 'edit-' + l;
    input.setAttribute('aria-label', 'pit ' + l);
    label.appendChild(input);
    into.appendChild(label);
  });
  mk(NORTH.slice().reverse(), $('edit-north'));
  mk(SOUTH, $('edit-south'));
}

function copyToEditor() {
  const c = current();
  const counts = c && pits(c.position);
  if (!counts) return; // nothing readable to copy
  SOUTH.forEach((l, i) => { $('edit-' + l).value = counts[i]; });
  NORTH.forEach((l, i) => { $('edit-' + l).value = counts[6 + i]; });
  $('edit-side').value = sideOf(c.position);
  $('edit-south-captured').value = c.captured[0];
  $('edit-north-captured').value = c.captured[1];
}

function whole(input, problems, name) {
  const t = input.value.trim();
  const ok = /^[0-9]{1,2}$/.test(t) && Number(t) <= 48;
  input.setAttribute('aria-invalid', ok ? 'false' : 'true');
  if (!ok) problems.push(name + ' must be a whole number from 0 to 48');
  return ok ? Number(t) : 0;
}

async function applyEditor(event) {
  event.preventDefault();
  const problems = [];
  const south = SOUTH.map((l) => whole($('edit-' + l), problems, 'pit ' + l));
  const north = NORTH.map((l) => whole($('edit-' + l), problems, 'pit ' + l));
  const cs = whole($('edit-south-captured'), problems, 'South captured');
  const cn = whole($('edit-north-captured'), problems, 'North captured');
  const seeds = south.concat(north).reduce((x, y) => x + y, 0);
  if (problems.length === 0 && seeds + cs + cn > 48) {
    problems.push('the board (' + seeds + ') and the seeds captured (' + (cs + cn) + ') make more than 48');
  }
  const max = state.coverage[state.variant];
  if (problems.length === 0 && max !== undefined && seeds > max) {
    problems.push('the board holds ' + seeds + ' seeds; the ' + state.variant + ' tables here cover 0..' + max);
  }
  const err = $('edit-error');
  if (problems.length > 0) {
    err.textContent = problems.join('; ');
    err.hidden = false;
    return;
  }
  err.hidden = true;
  push(south.join(' ') + ' / ' + north.join(' ') + ' ' + $('edit-side').value, [cs, cn]);
  await load();
}

function onKey(event) {
  const t = event.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'ArrowLeft') { go(-1); event.preventDefault(); }
  else if (event.key === 'ArrowRight') { go(1); event.preventDefault(); }
  else if (event.key === 'p') { showLine(); }
  else if (/^[a-fA-F]$/.test(event.key)) {
    // the mover's pits: a..f for South, A..F for North, whichever case is typed
    const a = state.answer;
    if (a) play(a.toMove === 'S' ? event.key.toLowerCase() : event.key.toUpperCase());
  }
}

// A parameter of the page's address given more than once, said as the API says it; null if none.
function repeated(params) {
  for (const name of ['variant', 'position', 'captured']) {
    const n = params.getAll(name).length;
    if (n > 1) return 'the page address gives ' + name + '= ' + n + ' times: give it once';
  }
  return null;
}

async function init() {
  buildEditor();
  const params = new URLSearchParams(location.search);
  const twice = repeated(params);
  state.variant = params.get('variant') || 'abapa';
  const captured = (params.get('captured') || '0,0').split(',').map(Number);
  if (!twice) {
    push(params.get('position') || START, captured.length === 2 && captured.every(Number.isFinite) ? captured : [0, 0]);
  }
  updateNav();
  $('back').addEventListener('click', () => go(-1));
  $('forward').addEventListener('click', () => go(1));
  $('pv-show').addEventListener('click', showLine);
  $('computer').addEventListener('change', computerTurn);
  $('editor').addEventListener('submit', applyEditor);
  $('edit-load').addEventListener('click', copyToEditor);
  $('variant').addEventListener('change', () => { state.variant = $('variant').value; load(); });
  document.addEventListener('keydown', onKey);
  try {
    const info = await api('api/v1/info');
    const select = $('variant');
    info.variants.forEach((v) => {
      state.coverage[v.variant] = v.seeds.max;
      const o = document.createElement('option');
      o.value = v.variant;
      o.textContent = v.variant;
      select.appendChild(o);
    });
    if (!(state.variant in state.coverage)) state.variant = info.variants[0].variant;
    select.value = state.variant;
    $('coverage').textContent = info.variants.map((v) => v.variant + ' 0..' + v.seeds.max + ' seeds').join(', ');
  } catch (e) {
    showError(e.message);
  }
  if (twice) {
    renderMissing(twice);
    return;
  }
  await load();
  copyToEditor();
}

init();
