/* Positions in Krou's notation (RULES.md, "Writing a position"), with the messages of krou probe. */
#include <string.h>

#include "krou.h"
#include "testing.h"

static void ok(const char *text, const char *formatted) {
    krou_position p;
    char err[512], buf[64];
    int rc = krou_parse_position(text, &p, err, sizeof err);
    CHECK(rc == KROU_OK, "'%s': %s", text, err);
    if (rc != KROU_OK) return;
    CHECK(krou_format_position(&p, buf, sizeof buf) > 0 && strcmp(buf, formatted) == 0, "'%s' written '%s'", text, buf);
}

static void bad(const char *text, const char *reason) {
    krou_position p;
    char err[512] = "";
    CHECK(krou_parse_position(text, &p, err, sizeof err) == KROU_ERR_NOTATION && strstr(err, reason) != NULL,
          "'%s': '%s', expected '%s'", text, err, reason);
}

int main(void) {
    ok("1 0 0 1 0 1 / 1 0 0 0 0 1 S", "1 0 0 1 0 1 / 1 0 0 0 0 1 S");
    ok("1 2 0 0 0 0 / 0 0 0 0 0 1 n", "1 2 0 0 0 0 / 0 0 0 0 0 1 N");
    ok("1,2,0,0,0,0/0,0,0,0,0,1,N", "1 2 0 0 0 0 / 0 0 0 0 0 1 N");
    ok(" 1 2 0 0 0 0/0 0 0 0 0 1  N ", "1 2 0 0 0 0 / 0 0 0 0 0 1 N");
    ok("4 4 4 4 4 4 / 4 4 4 4 4 4", "4 4 4 4 4 4 / 4 4 4 4 4 4 S");
    ok("48 0 0 0 0 0 / 0 0 0 0 0 0", "48 0 0 0 0 0 / 0 0 0 0 0 0 S");
    bad("1,2,0,0,0,0,0,0,0,0,0,1 n", "no '/' between South's and North's pits");
    bad("1 2 0 0 0 0 / 0 0 0 0 0 1 / N", "more than one '/'");
    bad("1 2 0 0 0 0 / 0 0 0 0 0", "North has 5 pits: expected 6 after '/'");
    bad("1 2 0 0 0 / 0 0 0 0 0 0", "South has 5 pits: expected 6 before '/'");
    bad("1 2 0 0 0 0 / 0 0 0 0 0 1 X", "unknown side to move 'X': use S or N");
    bad("1 2 0 0 0 0 / 0 0 0 0 0 49", "pit F holds 49: at most 48 seeds in a game");
    bad("40 2 0 0 0 0 / 0 0 0 0 0 9", "the board holds 51 seeds: at most 48");
    bad("1 2 0 0 0 0 / 0 0 0 0 0 -1", "pit F holds -1: counts must be 0 or more");
    bad("1 2 0 0 0 0 / 0 0 0 0 0 1 S N", "the side to move is given more than once ('S N')");
    bad("1 2 0 0 0 0 / 0 0 0 0 0 x1", "pit F holds 'x1': expected a whole number of seeds");
    bad("1 2 0 0 0 0 / 0 0 0 0 0 1S", "pit F holds '1S'");
    bad("1 2 0 0 0 0 / 0 0 0 0 0 99999999999999", "pit F holds");
    bad("", "no '/'");
    /* mover-relative boards: North to move puts A..F first */
    krou_position p, q;
    int b[12];
    krou_parse_position("1 2 3 4 5 6 / 7 8 9 0 1 2 N", &p, NULL, 0);
    krou_position_board(&p, b);
    CHECK(b[0] == 7 && b[5] == 2 && b[6] == 1 && b[11] == 6, "North's board");
    krou_board_position(b, KROU_NORTH, &q);
    CHECK(memcmp(&p, &q, sizeof p) == 0, "back to the position");
    CHECK(krou_move_letter(KROU_SOUTH, 2) == 'c' && krou_move_letter(KROU_NORTH, 5) == 'F' &&
              krou_move_letter(KROU_NORTH, 6) == 0, "letters");
    char small[8];
    CHECK(krou_format_position(&p, small, sizeof small) == -1, "too small a buffer");
    CHECK(krou_parse_position(NULL, &p, NULL, 0) == KROU_ERR_ARGUMENT, "NULL text");
    return test_report("notation");
}
