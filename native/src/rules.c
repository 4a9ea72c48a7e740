/* Rule sets and the move kernel (RULES.md: "Playing a move", "When the game ends", "Rule options"). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const char *GS_NAMES[] = {"cancel", "forbid", "capture", "spare-first", "spare-last", "capture-give"};
static const char *NF_NAMES[] = {"mover-takes", "nobody-takes", "play-on"};

static const struct {
    const char *name;
    kr_rules rules;
} PRESETS[] = {
    {"abapa", {0, GS_CANCEL, 6, 0, NF_MOVER_TAKES}},
    {"awari", {1, GS_CANCEL, 6, 0, NF_MOVER_TAKES}},
    {"lemery", {0, GS_CANCEL, 5, 0, NF_MOVER_TAKES}},
    {"myriad", {0, GS_CAPTURE, 4, 0, NF_MOVER_TAKES}},
    {"grand-slam-forbidden", {0, GS_FORBID, 6, 0, NF_MOVER_TAKES}},
};
#define NPRESETS ((int)(sizeof PRESETS / sizeof PRESETS[0]))

static const char *EXPECTED = "expected a preset (abapa, awari, lemery, myriad, grand-slam-forbidden) or options such "
                              "as grand-slam=forbid,cap=4,over-cap=keep-first,no-feed=mover-takes";

static int same(const kr_rules *a, const kr_rules *b) {
    if (a->awari || b->awari) return a->awari == b->awari;
    return a->grand_slam == b->grand_slam && a->cap == b->cap && a->over_none == b->over_none &&
           a->no_feed == b->no_feed;
}

/* copies s[0..len) trimmed of blanks, lower-cased, into out (size 64); 0 if too long */
static int word(const char *s, size_t len, char out[64]) {
    while (len > 0 && isspace((unsigned char)*s)) s++, len--;
    while (len > 0 && isspace((unsigned char)s[len - 1])) len--;
    if (len >= 64) return 0;
    for (size_t i = 0; i < len; i++) out[i] = (char)tolower((unsigned char)s[i]);
    out[len] = 0;
    return 1;
}

static int lookup(const char *value, const char **names, int count) {
    for (int i = 0; i < count; i++)
        if (strcmp(value, names[i]) == 0) return i;
    return -1;
}

int kr_rules_parse(const char *text, kr_rules *rules, char *err, size_t errlen) {
    char w[64];
    if (text == NULL) text = "abapa";
    if (word(text, strlen(text), w)) {
        for (int i = 0; i < NPRESETS; i++)
            if (strcmp(w, PRESETS[i].name) == 0) {
                *rules = PRESETS[i].rules;
                return 0;
            }
    }
    if (strchr(text, '=') == NULL) {
        kr_msg(err, errlen, "unknown variant '%s': %s", text, EXPECTED);
        return -1;
    }
    kr_rules r = PRESETS[0].rules;
    int seen[4] = {0, 0, 0, 0};
    const char *p = text;
    for (;;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        char key[64], value[64];
        if (eq == NULL || !word(p, (size_t)(eq - p), key) || !word(eq + 1, len - (size_t)(eq - p) - 1, value)) {
            kr_msg(err, errlen, "'%.*s' in '%s' is not key=value: %s", (int)len, p, text, EXPECTED);
            return -1;
        }
        int which, v = -1;
        if (strcmp(key, "grand-slam") == 0) {
            which = 0;
            v = lookup(value, GS_NAMES, 6);
            if (v < 0) {
                kr_msg(err, errlen, "grand-slam '%s': expected cancel, forbid, capture, spare-first, spare-last or capture-give", value);
                return -1;
            }
            r.grand_slam = v;
        } else if (strcmp(key, "cap") == 0) {
            which = 1;
            if (strcmp(value, "6") && strcmp(value, "5") && strcmp(value, "4")) {
                kr_msg(err, errlen, "cap '%s': expected 6, 5 or 4", value);
                return -1;
            }
            r.cap = value[0] - '0';
        } else if (strcmp(key, "over-cap") == 0) {
            which = 2;
            if (strcmp(value, "keep-first") == 0) r.over_none = 0;
            else if (strcmp(value, "none") == 0) r.over_none = 1;
            else {
                kr_msg(err, errlen, "over-cap '%s': expected keep-first or none", value);
                return -1;
            }
        } else if (strcmp(key, "no-feed") == 0) {
            which = 3;
            v = lookup(value, NF_NAMES, 3);
            if (v < 0) {
                kr_msg(err, errlen, "no-feed '%s': expected mover-takes, nobody-takes or play-on", value);
                return -1;
            }
            r.no_feed = v;
        } else {
            kr_msg(err, errlen, "unknown option '%s' in '%s': %s", key, text, EXPECTED);
            return -1;
        }
        if (seen[which]++) {
            kr_msg(err, errlen, "option %s given twice in '%s'", key, text);
            return -1;
        }
        if (!end) break;
        p = end + 1;
    }
    if (r.cap == 6) r.over_none = 0; /* with cap 6 no chain is too long: written keep-first */
    *rules = r;
    return 0;
}

void kr_rules_canonical(const kr_rules *r, char *buf, size_t len) {
    if (r->awari) snprintf(buf, len, "awari");
    else
        snprintf(buf, len, "grand-slam=%s,cap=%d,over-cap=%s,no-feed=%s", GS_NAMES[r->grand_slam], r->cap,
                 r->over_none ? "none" : "keep-first", NF_NAMES[r->no_feed]);
}

void kr_rules_id(const kr_rules *r, char *buf, size_t len) {
    for (int i = 0; i < NPRESETS; i++)
        if (same(r, &PRESETS[i].rules)) {
            snprintf(buf, len, "%s", PRESETS[i].name);
            return;
        }
    kr_rules_canonical(r, buf, len);
}

int kr_board_ok(const int *board, int *n) {
    if (board == NULL) return 0;
    int sum = 0;
    for (int i = 0; i < 12; i++) {
        if (board[i] < 0 || board[i] > KROU_MAX_SEEDS) return 0;
        sum += board[i];
    }
    if (sum > KROU_MAX_SEEDS) return 0;
    if (n) *n = sum;
    return 1;
}

/* a move's sowing and its chain, before the rule set settles the capture */
typedef struct sown {
    int after[12]; /* the board after sowing, mover-relative */
    int chain[6];  /* q1..qL: opponent pits, landing pit first */
    int len;       /* L, 0 if no chain */
    int opp;       /* seeds in the opponent's row after sowing */
} sown;

static void sow(const int b[12], int pit, sown *s) {
    memcpy(s->after, b, sizeof s->after);
    int seeds = s->after[pit], pos = pit;
    s->after[pit] = 0;
    while (seeds > 0) {
        pos = (pos + 1) % 12;
        if (pos == pit) continue; /* the emptied pit is passed over */
        s->after[pos]++;
        seeds--;
    }
    s->len = 0;
    for (int j = pos; j >= 6 && (s->after[j] == 2 || s->after[j] == 3); j--) s->chain[s->len++] = j;
    s->opp = 0;
    for (int j = 6; j < 12; j++) s->opp += s->after[j];
}

static int chain_sum(const sown *s, int from, int to) {
    int c = 0;
    for (int i = from; i < to; i++) c += s->after[s->chain[i]];
    return c;
}

/* takes chain[from..to) off the board and writes the child, relative to the opponent */
static void settle(kr_move *m, sown *s, int pit, int from, int to) {
    m->pit = pit;
    m->captured = 0;
    m->gives = 0;
    for (int i = from; i < to; i++) {
        m->captured += s->after[s->chain[i]];
        s->after[s->chain[i]] = 0;
    }
    for (int i = 0; i < 12; i++) m->child[i] = s->after[(i + 6) % 12];
}

static int kr_moves_awari(const int b[12], int n, int opp_empty, kr_move moves[6], int *mt, int *ot) {
    sown s[6];
    int reach = 0, spare = 0, count = 0;
    for (int i = 0; i < 6; i++) {
        if (b[i] == 0) continue;
        sow(b, i, &s[i]);
        if (b[i] >= 6 - i) reach = 1;
        if (s[i].opp - chain_sum(&s[i], 0, s[i].len) > 0) spare |= 1 << i;
    }
    if (opp_empty && !reach) {
        *mt = n;
        *ot = 0;
        return 0;
    }
    for (int i = 0; i < 6; i++) {
        if (b[i] == 0 || (spare && !(spare & (1 << i)))) continue;
        settle(&moves[count++], &s[i], i, 0, s[i].len);
    }
    return count;
}

/* whether sowing pit i can leave its last seed in an opponent's pit holding 2 or 3 (a chain): a
   sowing of s seeds passes over its own pit, so its last seed is s + (s - 1) / 11 pits on, and every
   lap of 11 gives that pit one seed more */
static int may_chain(const int b[12], int i) {
    int s = b[i], laps = (s - 1) / 11, last = (i + s + laps) % 12, after = b[last] + laps + 1;
    return last >= 6 && (after == 2 || after == 3);
}

/* the legal moves; with only_captures, those that capture (the others are neither sown nor listed) */
static int generate(const kr_rules *r, const int b[12], kr_move moves[6], int *mt, int *ot, int only_captures) {
    int n = 0, mine = 0;
    for (int i = 0; i < 12; i++) n += b[i];
    for (int i = 0; i < 6; i++) mine += b[i];
    int opp_empty = mine == n;
    if (mine == 0) { /* the mover has no seeds: the opponent takes the rest */
        *mt = 0;
        *ot = n;
        return 0;
    }
    if (r->awari) {
        int count = kr_moves_awari(b, n, opp_empty, moves, mt, ot), kept = 0;
        if (!only_captures) return count;
        for (int i = 0; i < count; i++)
            if (moves[i].captured > 0) moves[kept++] = moves[i];
        return kept;
    }
    int allowed = 0; /* what the feeding rule allows */
    for (int i = 0; i < 6; i++)
        if (b[i] > 0 && (!opp_empty || b[i] >= 6 - i)) allowed |= 1 << i;
    int count = 0;
    if (allowed == 0) { /* nobody can feed the opponent */
        if (r->no_feed != NF_PLAY_ON) {
            *mt = r->no_feed == NF_MOVER_TAKES ? n : 0;
            *ot = 0;
            return 0;
        }
        if (only_captures) return 0; /* these moves stay on the mover's side */
        for (int i = 0; i < 6; i++) {
            if (b[i] == 0) continue;
            sown s;
            sow(b, i, &s); /* stays on the mover's side: no chain */
            settle(&moves[count++], &s, i, 0, 0);
        }
        return count;
    }
    sown s[6];
    int kept[6], slam = 0, quiet = 0;
    for (int i = 0; i < 6; i++) {
        if (!(allowed & (1 << i))) continue;
        if (only_captures && !may_chain(b, i)) { /* no chain: no capture, no grand slam */
            quiet |= 1 << i;
            continue;
        }
        sow(b, i, &s[i]);
        kept[i] = s[i].len;
        if (s[i].len > r->cap) kept[i] = r->over_none ? 0 : r->cap;
        if (kept[i] > 0 && chain_sum(&s[i], 0, kept[i]) == s[i].opp) slam |= 1 << i;
    }
    int forced = r->grand_slam == GS_FORBID && slam == allowed; /* every allowed move is a grand slam */
    for (int i = 0; i < 6; i++) {
        if (!(allowed & (1 << i)) || (quiet & (1 << i))) continue;
        kr_move *m = &moves[count];
        if (!(slam & (1 << i))) {
            settle(m, &s[i], i, 0, kept[i]);
        } else {
            switch (r->grand_slam) {
            case GS_FORBID:
                if (!forced) continue;
                settle(m, &s[i], i, 0, 0);
                break;
            case GS_CANCEL: settle(m, &s[i], i, 0, 0); break;
            case GS_CAPTURE: settle(m, &s[i], i, 0, kept[i]); break;
            case GS_SPARE_FIRST: settle(m, &s[i], i, 1, kept[i]); break;
            case GS_SPARE_LAST: settle(m, &s[i], i, 0, kept[i] - 1); break;
            default: /* GS_CAPTURE_GIVE */
                settle(m, &s[i], i, 0, kept[i]);
                m->gives = 1;
                break;
            }
        }
        if (!only_captures || m->captured > 0) count++;
    }
    return count;
}

int kr_moves(const kr_rules *r, const int b[12], kr_move moves[6], int *mt, int *ot) {
    return generate(r, b, moves, mt, ot, 0);
}

int kr_captures(const kr_rules *r, const int b[12], kr_move moves[6], int *over, int *mt, int *ot) {
    int t_mt = -1, t_ot = -1;
    int count = generate(r, b, moves, &t_mt, &t_ot, 1);
    *over = t_mt >= 0; /* the generator says who takes only when the game is over */
    *mt = t_mt;
    *ot = t_ot;
    return count;
}
