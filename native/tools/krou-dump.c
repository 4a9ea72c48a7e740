/* krou-dump: print what libkrou reads, for the cross-check with the Java reader.
 *
 *   krou-dump DIR VARIANT values N     one line per board of N seeds in rank order: "value dtc"
 *                                       (dtc -1 where the layer has no distance table)
 *   krou-dump DIR VARIANT moves N      reads ranks of N-seed boards on standard input, one a line;
 *                                       prints "value dtc|pit captured value dtc|..." per rank
 *   krou-dump DIR VARIANT verify       krou_verify: every checksum and block
 * Exit 0, or 1 with the library's message on standard error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "krou.h"

/* the board of rank r among boards of n seeds (FORMAT.md, "Boards and ranks") */
static unsigned long long binom(int m, int k) {
    if (m < k || k < 0) return 0;
    unsigned long long c = 1;
    for (int i = 1; i <= k; i++) c = c * (unsigned long long)(m - k + i) / (unsigned long long)i;
    return c;
}

static void unrank(unsigned long long r, int n, int board[12]) {
    int bars[11], b = n + 10;
    for (int j = 10; j >= 0; j--) {
        while (binom(b, j + 1) > r) b--;
        r -= binom(b, j + 1);
        bars[j] = b--;
    }
    board[0] = bars[0];
    for (int j = 1; j <= 10; j++) board[j] = bars[j] - bars[j - 1] - 1;
    board[11] = n + 10 - bars[10];
}

static int dtc_of(const krou_tb *tb, const int b[12]) {
    int d = krou_probe_dtc(tb, b);
    return d == KROU_NO_TABLE ? -1 : d;
}

int main(int argc, char **argv) {
    char err[512];
    krou_tb *tb;
    size_t cache = (size_t)16 << 20;
    if (argc > 1 && strcmp(argv[1], "--no-cache") == 0) {
        cache = 0;
        argc--;
        argv++;
    }
    if (argc < 4) {
        fprintf(stderr, "usage: krou-dump [--no-cache] DIR VARIANT values N | moves N | verify\n");
        return 2;
    }
    if (krou_open_cached(argv[1], argv[2], cache, &tb, err, sizeof err) != KROU_OK) {
        fprintf(stderr, "krou-dump: %s\n", err);
        return 1;
    }
    int rc = 0;
    if (strcmp(argv[3], "verify") == 0) {
        if (krou_verify(tb, err, sizeof err) != KROU_OK) {
            fprintf(stderr, "krou-dump: %s\n", err);
            rc = 1;
        }
    } else if (argc == 5 && strcmp(argv[3], "values") == 0) {
        int n = atoi(argv[4]), b[12];
        unsigned long long count = binom(n + 11, 11);
        for (unsigned long long r = 0; r < count; r++) {
            unrank(r, n, b);
            printf("%d %d\n", krou_probe(tb, b), dtc_of(tb, b));
        }
    } else if (argc == 5 && strcmp(argv[3], "moves") == 0) {
        int n = atoi(argv[4]), b[12], count;
        unsigned long long r;
        krou_move moves[6];
        while (scanf("%llu", &r) == 1) {
            unrank(r, n, b);
            printf("%d %d", krou_probe(tb, b), dtc_of(tb, b));
            if (krou_root_moves(tb, b, moves, &count) != KROU_OK) printf("|error");
            for (int i = 0; i < count; i++)
                printf("|%d %d %d %d", moves[i].pit, moves[i].captured, moves[i].value, moves[i].dtc);
            printf("\n");
        }
    } else {
        fprintf(stderr, "usage: krou-dump [--no-cache] DIR VARIANT values N | moves N | verify\n");
        rc = 2;
    }
    krou_close(tb);
    return rc;
}
