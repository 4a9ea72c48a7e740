/* The cache of decoded streams: four streams that share a set are all kept and a fifth replaces the
   least recently used; a working set of a quarter of the cache with at most four streams a set is
   kept whole (a second pass decodes nothing); every symbol read through the cache is the one read
   without it. Decodes are counted by the cache (kr_cache_decodes). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testing.h"

/* the golden table of 8 seeds: 74 context-coded blocks of 1024 positions (the last shorter), four
   streams of 256 positions each in a whole block */
#define STREAM 256
#define STREAMS 1024 /* the cache's capacity, in streams */
#define TABLES 8     /* copies of the table under other ids: more streams for the cache */

static kr_table tables[TABLES];
static int streams; /* the streams of each table's whole blocks */
static int wrong;

static uint64_t state = 7;
static uint64_t next_random(void) { /* splitmix64 */
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* stream number `pick` of all tables: its table and the last position of it (a probe there decodes
   the stream whole) */
static const kr_table *table_of(int pick) { return &tables[pick / streams]; }
static uint64_t last_of(int pick) { return (uint64_t)(pick % streams) * STREAM + STREAM - 1; }
static size_t set_of_pick(const kr_cache *c, int pick) {
    int s = pick % streams;
    return kr_cache_set(c, table_of(pick), (uint32_t)(s / 4), s % 4);
}

static int taken_or(int p, const int *pick, int n) {
    for (int i = 0; i < n; i++)
        if (pick[i] == p) return 1;
    return 0;
}

/* probes the last position of a stream through the cache: the streams this decoded (0 or 1) */
static unsigned long probe(kr_cache *c, int pick) {
    unsigned long before = kr_cache_decodes(c);
    int cached = 1000, direct = 2000;
    if (kr_table_symbol(table_of(pick), last_of(pick), &cached, c) != 0 ||
        kr_table_symbol(table_of(pick), last_of(pick), &direct, NULL) != 0 || cached != direct)
        wrong++;
    return kr_cache_decodes(c) - before;
}

static void init(kr_cache *c) {
    size_t bytes = (size_t)STREAMS * STREAM + (size_t)STREAMS / KR_WAYS * sizeof(kr_set);
    CHECK(kr_cache_init(c, bytes, STREAM) == 0 && c->count * KR_WAYS == STREAMS, "a cache of %d streams", STREAMS);
}

/* five streams of one set: A B C D kept, A used again, E replaces B (the least recently used) */
static void one_set(void) {
    kr_cache c;
    init(&c);
    int five[5], found = 0;
    size_t target = set_of_pick(&c, 0);
    for (int p = 0; p < TABLES * streams && found < 5; p++)
        if (set_of_pick(&c, p) == target) five[found++] = p;
    CHECK(found == 5, "five streams of set %zu", target);
    if (found < 5) return;
    unsigned long first = probe(&c, five[0]) + probe(&c, five[1]) + probe(&c, five[2]) + probe(&c, five[3]);
    unsigned long again = probe(&c, five[0]) + probe(&c, five[1]) + probe(&c, five[2]) + probe(&c, five[3]);
    CHECK(first == 4 && again == 0, "four streams of one set: %lu decodes, then %lu again (not 4, 0)", first, again);
    probe(&c, five[0]);
    CHECK(probe(&c, five[4]) == 1, "the fifth decoded");
    unsigned long kept = probe(&c, five[4]) + probe(&c, five[0]) + probe(&c, five[2]) + probe(&c, five[3]);
    CHECK(kept == 0, "E, A, C, D kept: %lu decoded again", kept);
    CHECK(probe(&c, five[1]) == 1, "B (the least recently used) replaced");
    kr_cache_free(&c);
}

/* a quarter of the cache drawn at random, at most KR_WAYS streams a set: two passes */
static void working_set(void) {
    kr_cache c;
    init(&c);
    int working = STREAMS / 4, chosen = 0, pick[STREAMS / 4];
    char *taken = calloc((size_t)TABLES * (size_t)streams, 1);
    int *in_set = calloc(c.count, sizeof(int));
    while (chosen < working) {
        int p = (int)(next_random() % ((uint64_t)TABLES * (uint64_t)streams));
        if (taken[p] || in_set[set_of_pick(&c, p)] == KR_WAYS) continue;
        taken[p] = 1;
        in_set[set_of_pick(&c, p)]++;
        pick[chosen++] = p;
    }
    free(taken);
    free(in_set);
    unsigned long first = 0, again = 0;
    for (int s = 0; s < working; s++) first += probe(&c, pick[s]);
    for (int s = 0; s < working; s++) again += probe(&c, pick[s]);
    CHECK(first == (unsigned long)working, "first pass: %lu streams decoded, not %d", first, working);
    CHECK(again == 0, "second pass: %lu of %d streams decoded again (evicted)", again, working);
    /* a position further along a stream held only in part decodes it once more, to its end */
    unsigned long before = kr_cache_decodes(&c);
    int p = 0;
    while (taken_or(p, pick, working)) p++;
    int s1 = 0, s2 = 0, d1 = 0, d2 = 0;
    uint64_t start = last_of(p) - (STREAM - 1);
    const kr_table *t = table_of(p);
    CHECK(kr_table_symbol(t, start + 10, &s1, &c) == 0 && kr_table_symbol(t, start + 200, &s2, &c) == 0 &&
              kr_table_symbol(t, start + 250, &s2, &c) == 0 && kr_table_symbol(t, start + 10, &d1, NULL) == 0 &&
              kr_table_symbol(t, start + 250, &d2, NULL) == 0 && s1 == d1 && s2 == d2,
          "along a stream");
    CHECK(kr_cache_decodes(&c) - before == 2, "along a stream: %lu decodes, not 2", kr_cache_decodes(&c) - before);
    kr_cache_free(&c);
}

int main(void) {
    char err[600] = "", canonical[100];
    kr_rules rules;
    kr_table t;
    kr_rules_parse("abapa", &rules, err, sizeof err);
    kr_rules_canonical(&rules, canonical, sizeof canonical);
    int rc = kr_table_open(&t, GOLDEN "/lags/abapa/values-08.krou", 1, 8, canonical, err, sizeof err);
    CHECK(rc == KROU_OK && t.coded && t.block_size == 4 * STREAM && t.block_count > 64, "%s", err);
    if (rc != KROU_OK) return test_report("cache");
    streams = ((int)t.block_count - 1) * 4;
    for (int id = 0; id < TABLES; id++) {
        tables[id] = t;
        tables[id].id = id;
    }
    one_set();
    working_set();
    CHECK(wrong == 0, "%d symbols differ from the uncached reads", wrong);
    kr_cache c;
    CHECK(kr_cache_init(&c, STREAM, STREAM) == -1 && c.count == 0, "too small for a set: no cache");
    kr_table_close(&t);
    return test_report("cache");
}
