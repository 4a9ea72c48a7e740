/* krou-bench: single-probe latency of libkrou on the largest layer of a rule set's tables.
 *
 *   krou-bench DIR [VARIANT] [PROBES]
 *
 * cold: PROBES boards drawn at random over the whole layer, each probed once, after the files' pages
 *       were dropped from the page cache (posix_fadvise DONTNEED; the first touch of a page reads it);
 * warm: 1,000 random boards probed over and over (their blocks and pages already read).
 * Both without a cache (krou_open) and with a 64 MiB one (krou_open_cached). Prints nanoseconds a
 * probe; the values are summed so that no probe can be left out. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "krou.h"

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) { /* xorshift64* */
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ull;
}

/* a uniformly random board of n seeds: n seeds and 11 bars in 12 + n - 1 slots */
static void random_board(int n, int b[12]) {
    int slots = n + 11, bars = 11, pit = 0;
    for (int i = 0; i < 12; i++) b[i] = 0;
    for (int s = 0; s < slots; s++) {
        int left = slots - s;
        if ((int)(next() % (uint64_t)left) < bars) { /* this slot is a bar */
            bars--;
            pit++;
        } else {
            b[pit]++;
        }
    }
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* drops every layer's pages from the page cache: resolution reads the smaller layers too */
static void drop(const char *dir, const char *id, int n) {
    char path[4300];
    for (int k = 0; k <= n; k++) {
        snprintf(path, sizeof path, "%s/%s/values-%02d.krou", dir, id, k);
        int fd = open(path, O_RDONLY);
        if (fd >= 0) {
            posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
            close(fd);
        }
    }
}

/* cold: random boards over the layer, each once; warm: 1,000 boards again and again */
static void measure(krou_tb *tb, int n, long probes, double *cold, double *warm, long *sum) {
    int b[12];
    static int boards[1000][12];
    double t0 = now();
    for (long i = 0; i < probes; i++) {
        random_board(n, b);
        *sum += krou_probe(tb, b);
    }
    *cold = (now() - t0) / (double)probes;
    for (int i = 0; i < 1000; i++) {
        random_board(n, boards[i]);
        *sum += krou_probe(tb, boards[i]);
    }
    t0 = now();
    for (long i = 0; i < probes; i++) *sum += krou_probe(tb, boards[i % 1000]);
    *warm = (now() - t0) / (double)probes;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: krou-bench DIR [VARIANT] [PROBES]\n");
        return 2;
    }
    const char *variant = argc > 2 ? argv[2] : "abapa";
    long probes = argc > 3 ? atol(argv[3]) : 100000;
    char err[512], id[96];
    krou_tb *tb;
    if (krou_open(argv[1], variant, &tb, err, sizeof err) != KROU_OK) {
        fprintf(stderr, "krou-bench: %s\n", err);
        return 1;
    }
    int n = krou_max_seeds(tb);
    long sum = 0;
    krou_variant(variant, id, sizeof id, NULL, 0, NULL, 0);
    drop(argv[1], id, n);
    double cold, warm;
    measure(tb, n, probes, &cold, &warm, &sum);
    printf("libkrou %s, layer %d, no cache: cold %.0f ns/probe, warm %.0f ns/probe\n", id, n, cold, warm);
    krou_close(tb);
    if (krou_open_cached(argv[1], variant, (size_t)64 << 20, &tb, err, sizeof err) != KROU_OK) {
        fprintf(stderr, "krou-bench: %s\n", err);
        return 1;
    }
    drop(argv[1], id, n);
    measure(tb, n, probes, &cold, &warm, &sum);
    printf("libkrou %s, layer %d, 64 MiB cache: cold %.0f ns/probe, warm %.0f ns/probe (%ld probes each; checksum %ld)\n",
           id, n, cold, warm, probes, sum);
    krou_close(tb);
    return 0;
}
