/* Positions in Krou's notation (RULES.md, "Writing a position") and error messages. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

void kr_msg(char *err, size_t errlen, const char *fmt, ...) {
    if (err == NULL || errlen == 0) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static const char *HINT = "(expected 'a b c d e f / A B C D E F [S|N]', e.g. '4 4 4 4 4 4 / 4 4 4 4 4 4 S')";

static int bad(char *err, size_t errlen, const char *text, const char *why) {
    kr_msg(err, errlen, "bad position '%s': %s %s", text, why, HINT);
    return KROU_ERR_NOTATION;
}

static int sep(char c) { return c == ',' || isspace((unsigned char)c); }

/* splits s[0..len) into words separated by blanks or commas; at most max words of 63 chars */
static int words(const char *s, size_t len, char w[][64], int max) {
    int count = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && sep(s[i])) i++;
        if (i >= len) break;
        size_t j = i;
        while (j < len && !sep(s[j])) j++;
        if (count < max) {
            size_t l = j - i < 63 ? j - i : 63;
            memcpy(w[count], s + i, l);
            w[count][l] = 0;
        }
        count++;
        i = j;
    }
    return count;
}

static const char *pit_name(int i) {
    static const char *names[] = {"a", "b", "c", "d", "e", "f", "A", "B", "C", "D", "E", "F"};
    return names[i];
}

int krou_parse_position(const char *text, krou_position *pos, char *err, size_t errlen) {
    char why[320];
    if (text == NULL || pos == NULL) {
        kr_msg(err, errlen, "no position given");
        return KROU_ERR_ARGUMENT;
    }
    const char *slash = strchr(text, '/');
    if (slash == NULL) return bad(err, errlen, text, "no '/' between South's and North's pits");
    if (strchr(slash + 1, '/')) return bad(err, errlen, text, "more than one '/'");
    char w[16][64];
    int south = words(text, (size_t)(slash - text), w, 16);
    if (south != 6) {
        snprintf(why, sizeof why, "South has %d pits: expected 6 before '/'", south);
        return bad(err, errlen, text, why);
    }
    char nw[16][64];
    int north = words(slash + 1, strlen(slash + 1), nw, 16);
    for (int i = 0; i < 6; i++) memcpy(w[6 + i], nw[i], 64);
    int side = KROU_SOUTH;
    if (north > 6 && north <= 16) {
        /* words after the sixth North count: the side, once */
        if (north > 7) {
            snprintf(why, sizeof why, "the side to move is given more than once ('%s %s'): write S or N once, at the end",
                     nw[6], nw[7]);
            return bad(err, errlen, text, why);
        }
        if (strcmp(nw[6], "S") == 0 || strcmp(nw[6], "s") == 0) side = KROU_SOUTH;
        else if (strcmp(nw[6], "N") == 0 || strcmp(nw[6], "n") == 0) side = KROU_NORTH;
        else {
            snprintf(why, sizeof why, "unknown side to move '%s': use S or N", nw[6]);
            return bad(err, errlen, text, why);
        }
    } else if (north != 6) {
        snprintf(why, sizeof why, "North has %d pits: expected 6 after '/'", north);
        return bad(err, errlen, text, why);
    }
    int total = 0;
    for (int i = 0; i < 12; i++) {
        const char *s = w[i];
        const char *d = s[0] == '-' ? s + 1 : s;
        int ok = *d != 0 && strlen(d) <= 9;
        for (const char *c = d; *c; c++) ok = ok && isdigit((unsigned char)*c);
        if (!ok) {
            snprintf(why, sizeof why, "pit %s holds '%.20s': expected a whole number of seeds", pit_name(i), s);
            return bad(err, errlen, text, why);
        }
        long v = 0;
        for (const char *c = d; *c; c++) v = v * 10 + (*c - '0');
        if (s[0] == '-' && v > 0) {
            snprintf(why, sizeof why, "pit %s holds -%ld: counts must be 0 or more", pit_name(i), v);
            return bad(err, errlen, text, why);
        }
        if (v > KROU_MAX_SEEDS) {
            snprintf(why, sizeof why, "pit %s holds %ld: at most 48 seeds in a game", pit_name(i), v);
            return bad(err, errlen, text, why);
        }
        pos->pits[i] = (int)v;
        total += (int)v;
    }
    if (total > KROU_MAX_SEEDS) {
        snprintf(why, sizeof why, "the board holds %d seeds: at most 48", total);
        return bad(err, errlen, text, why);
    }
    pos->side = side;
    return KROU_OK;
}

int krou_format_position(const krou_position *pos, char *buf, size_t len) {
    if (pos == NULL || buf == NULL || !kr_board_ok(pos->pits, NULL) || (pos->side != KROU_SOUTH && pos->side != KROU_NORTH))
        return -1;
    int p[12];
    memcpy(p, pos->pits, sizeof p);
    int w = snprintf(buf, len, "%d %d %d %d %d %d / %d %d %d %d %d %d %c", p[0], p[1], p[2], p[3], p[4], p[5], p[6],
                     p[7], p[8], p[9], p[10], p[11], pos->side == KROU_SOUTH ? 'S' : 'N');
    return w < 0 || (size_t)w >= len ? -1 : w;
}

void krou_position_board(const krou_position *pos, int board[12]) {
    if (pos == NULL || board == NULL) return;
    int off = pos->side == KROU_NORTH ? 6 : 0;
    for (int i = 0; i < 12; i++) board[i] = pos->pits[(i + off) % 12];
}

void krou_board_position(const int board[12], int side, krou_position *pos) {
    if (pos == NULL || board == NULL) return;
    int off = side == KROU_NORTH ? 6 : 0;
    for (int i = 0; i < 12; i++) pos->pits[(i + off) % 12] = board[i];
    pos->side = side == KROU_NORTH ? KROU_NORTH : KROU_SOUTH;
}

char krou_move_letter(int side, int pit) {
    if (pit < 0 || pit > 5) return 0;
    return (char)((side == KROU_NORTH ? 'A' : 'a') + pit);
}
