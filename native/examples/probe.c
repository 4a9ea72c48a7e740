/* Prints a position's value and its moves, as `krou probe` does: probe-example DIR "POSITION" [VARIANT] */
#include <stdio.h>
#include "krou.h"

int main(int argc, char **argv) {
    char err[512];
    krou_tb *tb;
    krou_position pos;
    krou_move moves[6];
    int board[12], count;
    if (argc < 3) return fprintf(stderr, "usage: probe-example DIR POSITION [VARIANT]\n"), 2;
    if (krou_parse_position(argv[2], &pos, err, sizeof err)
            || krou_open(argv[1], argc > 3 ? argv[3] : "abapa", &tb, err, sizeof err))
        return fprintf(stderr, "%s\n", err), 1;
    krou_position_board(&pos, board);
    printf("value %+d\n", krou_probe(tb, board));
    if (krou_root_moves(tb, board, moves, &count) == KROU_OK)
        for (int i = 0; i < count; i++)
            printf("  %c  captures %2d  value %+3d\n", krou_move_letter(pos.side, moves[i].pit),
                   moves[i].captured, moves[i].value);
    krou_close(tb);
    return 0;
}
