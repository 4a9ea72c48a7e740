/* The public API: opening a rule set's tables, probing values and distances with don't-care entries
   resolved (FORMAT.md, "Don't-care entries"), root moves, finished games. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct krou_tb {
    kr_rules rules;
    char canonical[96];
    int max;                 /* layers 0..max are open */
    int has_dtc[KROU_MAX_SEEDS + 1];
    kr_table values[KROU_MAX_SEEDS + 1];
    kr_table dtc[KROU_MAX_SEEDS + 1];
    kr_cache cache; /* empty unless opened with a cache */
};

const char *krou_strerror(int code) {
    switch (code) {
    case KROU_OK: return "no error";
    case KROU_ERR_ARGUMENT: return "bad argument";
    case KROU_ERR_VARIANT: return "unknown rule set";
    case KROU_ERR_MISSING: return "table missing";
    case KROU_ERR_IO: return "input/output error";
    case KROU_ERR_FORMAT: return "not a table of this format";
    case KROU_ERR_CORRUPT: return "table damaged";
    case KROU_ERR_MEMORY: return "out of memory";
    case KROU_ERR_NOTATION: return "bad position notation";
    case KROU_ERR_BOARD: return "bad board";
    case KROU_ERR_COVERAGE: return "outside the tables' coverage";
    default: return "unknown error";
    }
}

int krou_variant(const char *variant, char *id, size_t idlen, char *canonical, size_t canonlen, char *err,
                 size_t errlen) {
    kr_rules r;
    if (kr_rules_parse(variant, &r, err, errlen) != 0) return KROU_ERR_VARIANT;
    if (id && idlen) kr_rules_id(&r, id, idlen);
    if (canonical && canonlen) kr_rules_canonical(&r, canonical, canonlen);
    return KROU_OK;
}

int krou_open(const char *dir, const char *variant, krou_tb **out, char *err, size_t errlen) {
    return krou_open_cached(dir, variant, 0, out, err, errlen);
}

int krou_open_cached(const char *dir, const char *variant, size_t cache_bytes, krou_tb **out, char *err,
                     size_t errlen) {
    if (out == NULL) {
        kr_msg(err, errlen, "no place for the handle (tb is NULL)");
        return KROU_ERR_ARGUMENT;
    }
    *out = NULL;
    if (dir == NULL) {
        kr_msg(err, errlen, "no data directory given");
        return KROU_ERR_ARGUMENT;
    }
    krou_tb *tb = calloc(1, sizeof *tb);
    if (tb == NULL) {
        kr_msg(err, errlen, "out of memory");
        return KROU_ERR_MEMORY;
    }
    if (kr_rules_parse(variant, &tb->rules, err, errlen) != 0) {
        free(tb);
        return KROU_ERR_VARIANT;
    }
    char id[96], path[4200];
    kr_rules_canonical(&tb->rules, tb->canonical, sizeof tb->canonical);
    kr_rules_id(&tb->rules, id, sizeof id);
    tb->max = -1;
    int rc = KROU_OK;
    for (int n = 0; n <= KROU_MAX_SEEDS; n++) {
        snprintf(path, sizeof path, "%s/%s/values-%02d.krou", dir, id, n);
        rc = kr_table_open(&tb->values[n], path, 1, n, tb->canonical, err, errlen);
        tb->values[n].id = 2 * n;
        if (rc == KROU_ERR_MISSING && n > 0) {
            rc = KROU_OK;
            break;
        }
        if (rc == KROU_ERR_MISSING) kr_msg(err, errlen, "no %s table for 0 seeds: %s does not exist", id, path);
        if (rc != KROU_OK) break;
        tb->max = n;
    }
    for (int n = 0; rc == KROU_OK && n <= tb->max; n++) {
        snprintf(path, sizeof path, "%s/%s/dtc-%02d.krou", dir, id, n);
        rc = kr_table_open(&tb->dtc[n], path, 2, n, tb->canonical, err, errlen);
        tb->dtc[n].id = 2 * n + 1;
        if (rc == KROU_ERR_MISSING) rc = KROU_OK;
        else if (rc == KROU_OK) tb->has_dtc[n] = 1;
    }
    if (rc == KROU_OK && cache_bytes > 0) {
        int longest = 0; /* the longest stream of a coded table */
        for (int n = 0; n <= tb->max; n++)
            for (int kind = 0; kind < 2; kind++) {
                const kr_table *t = kind ? &tb->dtc[n] : &tb->values[n];
                int len = (int)(((t->block_size + 1) / 2 + 1) / 2);
                if (t->map && t->coded && len > longest) longest = len;
            }
        if (longest > 0 && kr_cache_init(&tb->cache, cache_bytes, longest) == -2) { /* -1: too small, no cache */
            kr_msg(err, errlen, "out of memory for a cache of %zu bytes", cache_bytes);
            rc = KROU_ERR_MEMORY;
        }
    }
    if (rc != KROU_OK) {
        krou_close(tb);
        return rc;
    }
    *out = tb;
    return KROU_OK;
}

void krou_close(krou_tb *tb) {
    if (tb == NULL) return;
    for (int n = 0; n <= KROU_MAX_SEEDS; n++) {
        kr_table_close(&tb->values[n]);
        kr_table_close(&tb->dtc[n]);
    }
    kr_cache_free(&tb->cache);
    free(tb);
}

int krou_max_seeds(const krou_tb *tb) { return tb ? tb->max : -1; }

int krou_covers(const krou_tb *tb, int n) { return tb && n >= 0 && n <= tb->max; }

int krou_has_dtc(const krou_tb *tb, int n) { return krou_covers(tb, n) && tb->has_dtc[n]; }

const char *krou_rules(const krou_tb *tb) { return tb ? tb->canonical : ""; }

int krou_verify(const krou_tb *tb, char *err, size_t errlen) {
    if (tb == NULL) return KROU_ERR_ARGUMENT;
    for (int n = 0; n <= tb->max; n++) {
        int rc = kr_table_verify(&tb->values[n], err, errlen);
        if (rc == KROU_OK && tb->has_dtc[n]) rc = kr_table_verify(&tb->dtc[n], err, errlen);
        if (rc != KROU_OK) return rc;
    }
    return KROU_OK;
}

/* the stored symbol of a board in a table, or KROU_CORRUPT */
#define stored(t, b) stored_in(tb, t, b)
static int stored_in(const krou_tb *tb, const kr_table *t, const int b[12]) {
    int s;
    return kr_table_symbol(t, kr_rank(b), &s, (kr_cache *)&tb->cache) == 0 ? s : KROU_CORRUPT;
}

/* the exact value of a valid covered board: value = max(stored, best exit), where the exits are the
   capturing moves (FORMAT.md, "Don't-care entries") */
static int value_of(const krou_tb *tb, const int b[12], int n) {
    kr_move mv[6];
    int mt, ot, over;
    int count = kr_captures(&tb->rules, b, mv, &over, &mt, &ot);
    if (over) return mt - ot; /* the rule value of a finished game */
    int best = stored(&tb->values[n], b);
    if (best >= KROU_SENTINEL || !(tb->values[n].flags & 1)) return best;
    for (int i = 0; i < count; i++) {
        const kr_move *m = &mv[i];
        int c = m->captured, v;
        if (m->gives) {
            v = c - (n - c);
        } else {
            int s = stored(&tb->values[n - c], m->child);
            if (s >= KROU_SENTINEL) return s;
            if (c - s <= best) continue; /* a child is worth at least its stored value */
            int cv = value_of(tb, m->child, n - c);
            if (cv >= KROU_SENTINEL) return cv;
            v = c - cv;
        }
        if (v > best) best = v;
    }
    return best;
}

int krou_probe(const krou_tb *tb, const int board[12]) {
    int n;
    if (tb == NULL || !kr_board_ok(board, &n)) return KROU_BAD_BOARD;
    if (n > tb->max) return KROU_NOT_COVERED;
    return value_of(tb, board, n);
}

int krou_probe_dtc(const krou_tb *tb, const int board[12]) {
    int n;
    if (tb == NULL || !kr_board_ok(board, &n)) return KROU_BAD_BOARD;
    if (n > tb->max) return KROU_NOT_COVERED;
    if (!tb->has_dtc[n]) return KROU_NO_TABLE;
    return stored(&tb->dtc[n], board);
}

static int finished(const krou_tb *tb, const int b[12], int *mt, int *ot) {
    kr_move unused[6];
    return kr_moves(&tb->rules, b, unused, mt, ot) == 0;
}

int krou_root_moves(const krou_tb *tb, const int board[12], krou_move moves[6], int *count) {
    int n;
    if (count) *count = 0;
    if (tb == NULL || moves == NULL || count == NULL) return KROU_ERR_ARGUMENT;
    if (!kr_board_ok(board, &n)) return KROU_ERR_BOARD;
    if (n > tb->max) return KROU_ERR_COVERAGE;
    kr_move mv[6];
    int mt, ot;
    int k = kr_moves(&tb->rules, board, mv, &mt, &ot);
    for (int i = 0; i < k; i++) {
        const kr_move *m = &mv[i];
        krou_move *r = &moves[i];
        int c = m->captured, cmt, cot;
        r->pit = m->pit;
        r->captured = c;
        memcpy(r->child, m->child, sizeof r->child);
        r->ends_game = m->gives || finished(tb, m->child, &cmt, &cot);
        if (m->gives) {
            r->value = c - (n - c);
        } else {
            int cv = value_of(tb, m->child, n - c);
            if (cv >= KROU_SENTINEL) return KROU_ERR_CORRUPT;
            r->value = c - cv;
        }
        if (!tb->has_dtc[n]) {
            r->dtc = -1;
        } else if (c > 0 || r->ends_game) {
            r->dtc = 1; /* the move converts */
        } else {
            int d = stored(&tb->dtc[n], m->child);
            if (d >= KROU_SENTINEL) return KROU_ERR_CORRUPT;
            r->dtc = d == KROU_DTC_DRAW ? KROU_DTC_DRAW : 1 + d;
        }
    }
    *count = k;
    return KROU_OK;
}

int krou_legal_moves(const krou_tb *tb, const int board[12]) {
    if (tb == NULL || !kr_board_ok(board, NULL)) return -1;
    kr_move mv[6];
    int mt, ot, mask = 0;
    int k = kr_moves(&tb->rules, board, mv, &mt, &ot);
    for (int i = 0; i < k; i++) mask |= 1 << mv[i].pit;
    return mask;
}

int krou_game_over(const krou_tb *tb, const int board[12], int *mover_takes, int *opponent_takes) {
    if (tb == NULL || !kr_board_ok(board, NULL)) return -1;
    int mt, ot;
    if (!finished(tb, board, &mt, &ot)) return 0;
    if (mover_takes) *mover_takes = mt;
    if (opponent_takes) *opponent_takes = ot;
    return 1;
}

int krou_final_result(const int board[12], int value, int mover_captured, int opponent_captured, int *mover_twice,
                      int *opponent_twice) {
    int n;
    if (!kr_board_ok(board, &n) || value < -n || value > n || mover_captured < 0 || opponent_captured < 0 ||
        mover_captured > KROU_MAX_SEEDS || opponent_captured > KROU_MAX_SEEDS)
        return -2;
    int m = 2 * mover_captured + n + value, o = 2 * opponent_captured + n - value;
    if (mover_twice) *mover_twice = m;
    if (opponent_twice) *opponent_twice = o;
    return m > o ? 1 : m < o ? -1 : 0;
}
