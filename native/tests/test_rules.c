/* The rules against RULES.md: every line of its worked examples (read from the document itself, as
   RulesDocumentTest does in Java), and the worked examples of the options, written out below. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testing.h"

static void rules_of(const char *variant, kr_rules *r) {
    char err[256];
    if (kr_rules_parse(variant, r, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        exit(2);
    }
}

/* plays `letter` from a position; the index of the move in moves[] or -1 if illegal */
static int find(const kr_rules *r, const krou_position *pos, char letter, kr_move moves[6], int *count) {
    int b[12], mt, ot;
    krou_position_board(pos, b);
    *count = kr_moves(r, b, moves, &mt, &ot);
    for (int i = 0; i < *count; i++)
        if (krou_move_letter(pos->side, moves[i].pit) == letter) return i;
    return -1;
}

/* splits a line at runs of two or more spaces */
static int fields(char *line, char *f[8]) {
    int n = 0;
    char *p = line;
    while (*p == ' ') p++;
    while (*p && n < 8) {
        f[n++] = p;
        char *end = strstr(p, "  ");
        if (!end) break;
        *end = 0;
        p = end + 2;
        while (*p == ' ') p++;
    }
    return n;
}

static void document_line(const char *variant, char **f, int nf, const char *line) {
    kr_rules r;
    krou_position pos, after;
    char err[256];
    rules_of(variant, &r);
    if (krou_parse_position(f[1], &pos, err, sizeof err) != KROU_OK) {
        CHECK(0, "%s: %s", line, err);
        return;
    }
    kr_move moves[6];
    int count;
    if (strncmp(f[2], "legal:", 6) == 0) {
        char got[32] = "", want[32] = "";
        find(&r, &pos, 0, moves, &count);
        for (int i = 0; i < count; i++) {
            size_t l = strlen(got);
            snprintf(got + l, sizeof got - l, "%s%c", i ? " " : "", krou_move_letter(pos.side, moves[i].pit));
        }
        snprintf(want, sizeof want, "%s", strcmp(f[2] + 7, "none") == 0 ? "" : f[2] + 7);
        CHECK(strcmp(got, want) == 0, "%s [%s]: legal moves '%s'", line, variant, got);
        return;
    }
    char letter = f[2][0];
    int i = find(&r, &pos, letter, moves, &count);
    if (strstr(f[2], "illegal")) {
        CHECK(i < 0, "%s [%s]: the move is legal", line, variant);
        return;
    }
    if (i < 0) {
        CHECK(0, "%s [%s]: the move is illegal", line, variant);
        return;
    }
    int opponent = 1 - pos.side;
    krou_board_position(moves[i].child, opponent, &after);
    krou_position want;
    CHECK(krou_parse_position(f[2] + 5, &want, err, sizeof err) == KROU_OK, "%s: %s", line, err);
    CHECK(memcmp(&want, &after, sizeof want) == 0, "%s [%s]: position after", line, variant);
    int captures = nf > 3 ? atoi(f[3] + strlen("captures ")) : -1;
    CHECK(captures == moves[i].captured, "%s [%s]: captured %d", line, variant, moves[i].captured);
    kr_move unused[6];
    int cmt, cot, over = kr_moves(&r, moves[i].child, unused, &cmt, &cot) == 0;
    if (nf > 4) {
        int s, n;
        CHECK(sscanf(f[4], "game over: South %d, North %d", &s, &n) == 2, "%s", line);
        int mover = moves[i].captured + cot, other = cmt; /* the child's mover is the opponent */
        int south = pos.side == KROU_SOUTH ? mover : other, north = pos.side == KROU_SOUTH ? other : mover;
        CHECK(over && south == s && north == n, "%s [%s]: over %d, South %d, North %d", line, variant, over, south, north);
    } else {
        CHECK(!over, "%s [%s]: the game is over after the move", line, variant);
    }
}

static int read_document(void) {
    FILE *f = fopen(REPO "/docs/RULES.md", "r");
    if (!f) {
        CHECK(0, "docs/RULES.md not found");
        return 0;
    }
    char line[512];
    int lines = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char copy[512], *fl[8];
        memcpy(copy, line, sizeof copy);
        if (strncmp(line, "    abapa  ", 11) && strncmp(line, "    awari  ", 11) && strncmp(line, "    both   ", 11)) continue;
        int nf = fields(copy, fl);
        if (strcmp(fl[0], "both") == 0) {
            document_line("abapa", fl, nf, line);
            document_line("awari", fl, nf, line);
        } else {
            document_line(fl[0], fl, nf, line);
        }
        lines++;
    }
    fclose(f);
    return lines;
}

/* "Worked examples of the options": South to move, one move, what it captures, North after */
static const struct {
    const char *variant, *position;
    char move;
    int captured; /* -1: illegal */
    const char *north;
    int gives;
} OPTIONS[] = {
    /* 1. a chain of six pits */
    {"abapa", "0 0 0 0 0 6 / 1 1 1 1 1 1", 'f', 0, "2 2 2 2 2 2", 0},
    {"grand-slam=forbid", "0 0 0 0 0 6 / 1 1 1 1 1 1", 'f', 0, "2 2 2 2 2 2", 0},
    {"grand-slam=capture", "0 0 0 0 0 6 / 1 1 1 1 1 1", 'f', 12, "0 0 0 0 0 0", 0},
    {"grand-slam=spare-first", "0 0 0 0 0 6 / 1 1 1 1 1 1", 'f', 10, "0 0 0 0 0 2", 0},
    {"grand-slam=spare-last", "0 0 0 0 0 6 / 1 1 1 1 1 1", 'f', 10, "2 0 0 0 0 0", 0},
    {"grand-slam=capture-give", "0 0 0 0 0 6 / 1 1 1 1 1 1", 'f', 12, "0 0 0 0 0 0", 1},
    {"lemery", "0 0 0 0 0 6 / 1 1 1 1 1 1", 'f', 10, "2 0 0 0 0 0", 0},
    {"myriad", "0 0 0 0 0 6 / 1 1 1 1 1 1", 'f', 8, "2 2 0 0 0 0", 0},
    {"cap=5,over-cap=none", "0 0 0 0 0 6 / 1 1 1 1 1 1", 'f', 0, "2 2 2 2 2 2", 0},
    {"cap=4,over-cap=none", "0 0 0 0 0 6 / 1 1 1 1 1 1", 'f', 0, "2 2 2 2 2 2", 0},
    /* 2. a grand slam of fewer than six pits */
    {"abapa", "0 0 0 0 3 0 / 1 2 0 0 0 0", 'e', 0, "2 3 0 0 0 0", 0},
    {"grand-slam=forbid", "0 0 0 0 3 0 / 1 2 0 0 0 0", 'e', 0, "2 3 0 0 0 0", 0},
    {"lemery", "0 0 0 0 3 0 / 1 2 0 0 0 0", 'e', 0, "2 3 0 0 0 0", 0},
    {"grand-slam=capture", "0 0 0 0 3 0 / 1 2 0 0 0 0", 'e', 5, "0 0 0 0 0 0", 0},
    {"myriad", "0 0 0 0 3 0 / 1 2 0 0 0 0", 'e', 5, "0 0 0 0 0 0", 0},
    {"grand-slam=spare-first", "0 0 0 0 3 0 / 1 2 0 0 0 0", 'e', 2, "0 3 0 0 0 0", 0},
    {"grand-slam=spare-last", "0 0 0 0 3 0 / 1 2 0 0 0 0", 'e', 3, "2 0 0 0 0 0", 0},
    {"grand-slam=capture-give", "0 0 0 0 3 0 / 1 2 0 0 0 0", 'e', 5, "0 0 0 0 0 0", 1},
    /* 3. forbid when there is a choice */
    {"grand-slam=forbid", "0 0 0 1 3 0 / 1 2 0 0 0 0", 'e', -1, NULL, 0},
    {"grand-slam=forbid", "0 0 0 1 3 0 / 1 2 0 0 0 0", 'd', 0, "1 2 0 0 0 0", 0},
    {"abapa", "0 0 0 1 3 0 / 1 2 0 0 0 0", 'e', 0, "2 3 0 0 0 0", 0},
    {"grand-slam=capture", "0 0 0 1 3 0 / 1 2 0 0 0 0", 'e', 5, "0 0 0 0 0 0", 0},
    /* 4. forbid when the feeding rule leaves one move */
    {"grand-slam=forbid", "0 0 0 0 1 17 / 0 0 0 0 0 0", 'f', 0, "2 2 2 2 2 2", 0},
    {"grand-slam=forbid", "0 0 0 0 1 17 / 0 0 0 0 0 0", 'e', -1, NULL, 0},
    /* 5. a chain longer than the cap that is no grand slam */
    {"abapa", "0 0 0 0 0 5 / 1 2 1 2 1 1", 'f', 12, "0 0 0 0 0 1", 0},
    {"lemery", "0 0 0 0 0 5 / 1 2 1 2 1 1", 'f', 12, "0 0 0 0 0 1", 0},
    {"myriad", "0 0 0 0 0 5 / 1 2 1 2 1 1", 'f', 10, "2 0 0 0 0 1", 0},
    {"cap=4,over-cap=none", "0 0 0 0 0 5 / 1 2 1 2 1 1", 'f', 0, "2 3 2 3 2 1", 0},
    {"cap=4,over-cap=none,grand-slam=capture", "0 0 0 0 0 5 / 1 2 1 2 1 1", 'f', 0, "2 3 2 3 2 1", 0},
    /* 6. no move can feed, under play-on */
    {"no-feed=play-on", "1 2 0 0 0 0 / 0 0 0 0 0 0", 'a', 0, "0 0 0 0 0 0", 0},
    {"no-feed=play-on", "1 2 0 0 0 0 / 0 0 0 0 0 0", 'b', 0, "0 0 0 0 0 0", 0},
    {"no-feed=play-on", "2 0 0 0 0 0 / 0 0 0 0 0 0", 'a', 0, "0 0 0 0 0 0", 0},
    /* 7. a grand slam of one pit */
    {"abapa", "0 0 0 0 0 1 / 1 0 0 0 0 0", 'f', 0, "2 0 0 0 0 0", 0},
    {"grand-slam=forbid", "0 0 0 0 0 1 / 1 0 0 0 0 0", 'f', 0, "2 0 0 0 0 0", 0},
    {"grand-slam=spare-first", "0 0 0 0 0 1 / 1 0 0 0 0 0", 'f', 0, "2 0 0 0 0 0", 0},
    {"grand-slam=spare-last", "0 0 0 0 0 1 / 1 0 0 0 0 0", 'f', 0, "2 0 0 0 0 0", 0},
    {"myriad", "0 0 0 0 0 1 / 1 0 0 0 0 0", 'f', 2, "0 0 0 0 0 0", 0},
    {"grand-slam=capture-give", "0 0 0 0 0 1 / 1 0 0 0 0 0", 'f', 2, "0 0 0 0 0 0", 1},
};

/* finished positions of example 6: who takes the seeds left */
static void no_feed(const char *variant, int mover_takes) {
    kr_rules r;
    rules_of(variant, &r);
    int b[12] = {1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, mt = -1, ot = -1;
    kr_move moves[6];
    CHECK(kr_moves(&r, b, moves, &mt, &ot) == 0 && mt == mover_takes && ot == 0, "%s: takes %d, %d", variant, mt, ot);
}

int main(void) {
    int lines = read_document();
    CHECK(lines >= 40, "only %d worked examples read from RULES.md", lines);
    for (size_t i = 0; i < sizeof OPTIONS / sizeof OPTIONS[0]; i++) {
        kr_rules r;
        krou_position pos;
        char err[256], north[64];
        rules_of(OPTIONS[i].variant, &r);
        CHECK(krou_parse_position(OPTIONS[i].position, &pos, err, sizeof err) == KROU_OK, "%s", err);
        kr_move moves[6];
        int count, k = find(&r, &pos, OPTIONS[i].move, moves, &count);
        const char *where = OPTIONS[i].position;
        if (OPTIONS[i].captured < 0) {
            CHECK(k < 0, "%s %s %c: legal", OPTIONS[i].variant, where, OPTIONS[i].move);
            continue;
        }
        if (k < 0) {
            CHECK(0, "%s %s %c: illegal", OPTIONS[i].variant, where, OPTIONS[i].move);
            continue;
        }
        const int *c = moves[k].child; /* North is to move: its pits come first */
        snprintf(north, sizeof north, "%d %d %d %d %d %d", c[0], c[1], c[2], c[3], c[4], c[5]);
        CHECK(moves[k].captured == OPTIONS[i].captured && strcmp(north, OPTIONS[i].north) == 0 &&
                  moves[k].gives == OPTIONS[i].gives,
              "%s %s %c: captured %d, North %s, gives %d", OPTIONS[i].variant, where, OPTIONS[i].move,
              moves[k].captured, north, moves[k].gives);
    }
    no_feed("abapa", 3);
    no_feed("no-feed=nobody-takes", 0);
    kr_rules r;
    rules_of("no-feed=play-on", &r);
    int b[12] = {1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, mt, ot;
    kr_move moves[6];
    CHECK(kr_moves(&r, b, moves, &mt, &ot) == 2, "play-on: a and b legal");
    /* rule set strings */
    char id[96], canon[96], err[256];
    CHECK(krou_variant("cap=6,over-cap=none", id, sizeof id, canon, sizeof canon, err, sizeof err) == KROU_OK &&
              strcmp(id, "abapa") == 0,
          "cap 6 with over-cap none is abapa: %s", id);
    CHECK(krou_variant("grand-slam=forbid,cap=4", id, sizeof id, canon, sizeof canon, err, sizeof err) == KROU_OK &&
              strcmp(id, "grand-slam=forbid,cap=4,over-cap=keep-first,no-feed=mover-takes") == 0,
          "%s", id);
    CHECK(krou_variant("awari", id, sizeof id, canon, sizeof canon, err, sizeof err) == KROU_OK && strcmp(canon, "awari") == 0, "%s", canon);
    CHECK(krou_variant("abapa", id, sizeof id, canon, sizeof canon, err, sizeof err) == KROU_OK &&
              strcmp(canon, "grand-slam=cancel,cap=6,over-cap=keep-first,no-feed=mover-takes") == 0, "%s", canon);
    CHECK(krou_variant("grand-slam=capture,cap=4", id, sizeof id, NULL, 0, err, sizeof err) == KROU_OK && strcmp(id, "myriad") == 0, "%s", id);
    CHECK(krou_variant("cap=5,cap=4", id, sizeof id, NULL, 0, err, sizeof err) == KROU_ERR_VARIANT &&
              strstr(err, "given twice"), "%s", err);
    CHECK(krou_variant("bogus", id, sizeof id, NULL, 0, err, sizeof err) == KROU_ERR_VARIANT, "bogus accepted");
    CHECK(krou_variant("cap=7", id, sizeof id, NULL, 0, err, sizeof err) == KROU_ERR_VARIANT, "cap=7 accepted");
    CHECK(krou_variant("awari,cap=4", id, sizeof id, NULL, 0, err, sizeof err) == KROU_ERR_VARIANT, "awari,cap=4 accepted");
    return test_report("rules");
}
