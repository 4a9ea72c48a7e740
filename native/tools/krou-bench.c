/* krou-bench: latency of single probes (krou_probe) on uniformly random boards of one layer, by the
 * definition of the Java benchmark org.krou.bench.ProbeLatency, so that the figures stand side by side:
 *
 *   krou-bench DIR VARIANT SEEDS COUNT
 *
 * COUNT random boards of SEEDS seeds, each timed alone with clock_gettime(CLOCK_MONOTONIC) after an
 * untimed first pass over the same boards (the files are then in the operating system's page cache):
 * cold, without a cache (krou_open: every stream a probe reads is decoded); with a cache of 16 MiB
 * (most probes miss it); warm, with a cache of 1 GiB that holds every stream the probes touch. Prints
 * the median, p99 and mean of each, and first what an empty interval of the clock measures. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "krou.h"

static uint64_t state = 42;
static uint64_t next_random(void) { /* splitmix64 */
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* a uniformly random board of n seeds: the 11 bars among the n + 11 slots of stars and bars */
static void random_board(int n, int b[12]) {
    int slots = n + 11, bars = 11, pit = 0;
    for (int i = 0; i < 12; i++) b[i] = 0;
    for (int s = 0; s < slots; s++) {
        if ((int)(next_random() % (uint64_t)(slots - s)) < bars) {
            bars--;
            pit++;
        } else {
            b[pit]++;
        }
    }
}

static long long now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int by_value(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

static void report(const char *what, long long *ns, long count) {
    double mean = 0;
    for (long i = 0; i < count; i++) mean += (double)ns[i];
    qsort(ns, (size_t)count, sizeof *ns, by_value);
    printf("probe %s: median %.2f us, p99 %.2f us, mean %.2f us (%ld boards)\n", what, (double)ns[count / 2] / 1e3,
           (double)ns[(long)((double)count * 0.99)] / 1e3, mean / (double)count / 1e3, count);
}

static long sink;

static void timed(krou_tb *tb, int (*boards)[12], long count, long long *ns, const char *what) {
    for (long i = 0; i < count; i++) sink += krou_probe(tb, boards[i]); /* the first pass */
    for (long i = 0; i < count; i++) {
        long long t = now();
        sink += krou_probe(tb, boards[i]);
        ns[i] = now() - t;
    }
    report(what, ns, count);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: krou-bench DIR VARIANT SEEDS COUNT\n");
        return 2;
    }
    int seeds = atoi(argv[3]);
    long count = atol(argv[4]);
    if (seeds < 0 || seeds > KROU_MAX_SEEDS || count < 1) {
        fprintf(stderr, "krou-bench: SEEDS 0..48 and COUNT at least 1\n");
        return 2;
    }
    int (*boards)[12] = malloc((size_t)count * sizeof *boards);
    long long *ns = malloc((size_t)(count > 1000000 ? count : 1000000) * sizeof *ns);
    if (!boards || !ns) {
        fprintf(stderr, "krou-bench: out of memory\n");
        return 1;
    }
    for (long i = 0; i < count; i++) random_board(seeds, boards[i]);
    for (int pass = 0; pass < 2; pass++)
        for (long i = 0; i < 1000000; i++) {
            long long t = now();
            ns[i] = now() - t;
        }
    qsort(ns, 1000000, sizeof *ns, by_value);
    printf("timer: an empty interval measures %lld ns (median), %lld ns (p99); each figure below includes it\n",
           ns[500000], ns[990000]);
    static const struct {
        size_t cache;
        const char *what;
    } RUNS[] = {{0, "cold (no cache)"}, {(size_t)16 << 20, "with a cache of 16 MiB (most probes miss it)"},
                {(size_t)1 << 30, "warm (every stream cached)"}};
    for (int r = 0; r < 3; r++) {
        krou_tb *tb;
        char err[512];
        if (krou_open_cached(argv[1], argv[2], RUNS[r].cache, &tb, err, sizeof err) != KROU_OK) {
            fprintf(stderr, "krou-bench: %s\n", err);
            return 1;
        }
        if (!krou_covers(tb, seeds)) {
            fprintf(stderr, "krou-bench: the tables cover 0..%d seeds, not %d\n", krou_max_seeds(tb), seeds);
            return 1;
        }
        timed(tb, boards, count, ns, RUNS[r].what);
        krou_close(tb);
    }
    if (sink == 1) printf("\n"); /* keeps the probes alive */
    free(boards);
    free(ns);
    return 0;
}
