/* Ranks of boards: FORMAT.md's examples, and unrank/next against rank on every board of small layers. */
#include <string.h>

#include "internal.h"
#include "testing.h"

int main(void) {
    int b[12];
    /* n = 1, the seed in p_i: rank 11 - i; p = 1 0 ... 0 is rank 11 */
    for (int i = 0; i < 12; i++) {
        memset(b, 0, sizeof b);
        b[i] = 1;
        CHECK(kr_rank(b) == (uint64_t)(11 - i), "seed in p%d: rank %llu", i, (unsigned long long)kr_rank(b));
    }
    /* rank 0: every seed in p11; the last rank: every seed in p0 */
    for (int n = 0; n <= 48; n++) {
        memset(b, 0, sizeof b);
        b[11] = n;
        CHECK(kr_rank(b) == 0, "all %d in p11", n);
        memset(b, 0, sizeof b);
        b[0] = n;
        CHECK(kr_rank(b) == kr_binom(n + 11, 11) - 1, "all %d in p0", n);
    }
    CHECK(kr_binom(59, 11) == 279871768995ull, "C(59, 11)");
    CHECK(kr_binom(22, 11) == 705432ull, "C(22, 11)");
    /* every board of n = 0..6: unrank inverts rank, next steps one rank, boards hold n seeds */
    for (int n = 0; n <= 6; n++) {
        int bars[11];
        kr_unrank_bars(0, n, bars);
        for (uint64_t r = 0; r < kr_binom(n + 11, 11); r++) {
            int u[12], sum = 0;
            kr_unrank(r, n, u);
            for (int i = 0; i < 12; i++) sum += u[i];
            CHECK(sum == n && kr_rank(u) == r, "layer %d rank %llu", n, (unsigned long long)r);
            int stepped[12];
            stepped[0] = bars[0];
            for (int j = 1; j <= 10; j++) stepped[j] = bars[j] - bars[j - 1] - 1;
            stepped[11] = n + 10 - bars[10];
            CHECK(memcmp(stepped, u, sizeof u) == 0, "next reaches layer %d rank %llu", n, (unsigned long long)r);
            /* the lag t = p0 + p1: the board t ranks before has one seed moved from p1 to p2 */
            if (u[1] >= 1 && r >= (uint64_t)(u[0] + u[1])) {
                int before[12];
                kr_unrank(r - (uint64_t)(u[0] + u[1]), n, before);
                u[1]--;
                u[2]++;
                CHECK(memcmp(before, u, sizeof u) == 0, "lag of layer %d rank %llu", n, (unsigned long long)r);
            }
            kr_next_bars(bars, n);
        }
    }
    return test_report("rank");
}
