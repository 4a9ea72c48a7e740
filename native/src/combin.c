/* Ranks of mover-relative boards: the combinatorial number system over the 11 bars of a board's
   stars-and-bars picture (FORMAT.md, "Boards and ranks"). */
#include "internal.h"

#define MMAX 61
#define KMAX 13

static uint64_t C[MMAX][KMAX];
static void build(void) {
    for (int m = 0; m < MMAX; m++) {
        C[m][0] = 1;
        for (int k = 1; k < KMAX; k++) C[m][k] = m == 0 ? 0 : C[m - 1][k - 1] + C[m - 1][k];
    }
}

/* the table is pure arithmetic; built at load time so that no probe writes shared memory */
__attribute__((constructor)) static void init(void) {
    build();
}

uint64_t kr_binom(int m, int k) {
    if (m < 0 || k < 0 || m >= MMAX || k >= KMAX || m < k) return 0;
    return C[m][k];
}

uint64_t kr_rank(const int board[12]) {
    uint64_t r = 0;
    int b = -1;
    for (int j = 0; j <= 10; j++) {
        b += board[j] + 1; /* b_j = p0 + ... + p_j + j */
        r += kr_binom(b, j + 1);
    }
    return r;
}

void kr_unrank_bars(uint64_t r, int n, int bars[11]) {
    int b = n + 10;
    for (int j = 10; j >= 0; j--) {
        while (b > j && C[b][j + 1] > r) b--;
        r -= C[b][j + 1];
        bars[j] = b;
        b--;
    }
}

void kr_next_bars(int bars[11], int n) {
    int j = 0;
    while (j < 10 && bars[j] + 1 == bars[j + 1]) j++;
    if (j == 10 && bars[10] == n + 10) return; /* the last board: no next */
    bars[j]++;
    for (int i = 0; i < j; i++) bars[i] = i;
}

void kr_unrank(uint64_t r, int n, int board[12]) {
    int bars[11];
    kr_unrank_bars(r, n, bars);
    board[0] = bars[0];
    for (int j = 1; j <= 10; j++) board[j] = bars[j] - bars[j - 1] - 1;
    board[11] = n + 10 - bars[10];
}
