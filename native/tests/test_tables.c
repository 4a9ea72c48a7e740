/* Reading the golden tables of the testkit (abapa, layers 0..4, raw and context-coded), the values
   RULES.md gives for small positions, and damaged or foreign files refused. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"
#include "testing.h"

static char tmp[256];

static int value_of(krou_tb *tb, const char *text) {
    krou_position p;
    int b[12];
    if (krou_parse_position(text, &p, NULL, 0) != KROU_OK) return 9999;
    krou_position_board(&p, b);
    return krou_probe(tb, b);
}

/* copies golden/context/abapa/values-0N.krou (N = 0..4) into tmp/<id>/ */
static void copy_layers(const char *id) {
    char path[512], dir[400];
    snprintf(dir, sizeof dir, "%s/%s", tmp, id);
    mkdir(dir, 0700);
    for (int n = 0; n <= 4; n++) {
        snprintf(path, sizeof path, GOLDEN "/context/abapa/values-%02d.krou", n);
        FILE *in = fopen(path, "rb");
        snprintf(path, sizeof path, "%s/values-%02d.krou", dir, n);
        FILE *out = fopen(path, "wb");
        char buf[4096];
        size_t r;
        while (in && out && (r = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, r, out);
        if (in) fclose(in);
        if (out) fclose(out);
    }
}

static void flip(const char *id, int n, long offset) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s/values-%02d.krou", tmp, id, n);
    FILE *f = fopen(path, "r+b");
    fseek(f, offset, SEEK_SET);
    int c = fgetc(f);
    fseek(f, offset, SEEK_SET);
    fputc(c ^ 0x10, f);
    fclose(f);
}

static long header_u32(const char *id, int n, long offset) {
    char path[512];
    unsigned char b[4];
    snprintf(path, sizeof path, "%s/%s/values-%02d.krou", tmp, id, n);
    FILE *f = fopen(path, "rb");
    fseek(f, offset, SEEK_SET);
    size_t r = fread(b, 1, 4, f);
    fclose(f);
    return r == 4 ? (long)(b[0] | b[1] << 8 | b[2] << 16 | (unsigned long)b[3] << 24) : -1;
}

/* opening tmp/<id> as `variant` fails with `code` and a message holding `words` */
static void refused(const char *id, const char *variant, int code, const char *words) {
    krou_tb *tb = (krou_tb *)1;
    char err[600] = "";
    int rc = krou_open(tmp, variant, &tb, err, sizeof err);
    CHECK(rc == code && tb == NULL && strstr(err, words) != NULL, "%s: code %d (%s), '%s', expected '%s'", id, rc,
          krou_strerror(rc), err, words);
}

static void damaged(void) {
    char path[512];
    /* truncated by one byte */
    copy_layers("abapa");
    snprintf(path, sizeof path, "%s/abapa/values-03.krou", tmp);
    struct stat st;
    stat(path, &st);
    CHECK(truncate(path, st.st_size - 1) == 0, "truncate");
    refused("truncated", "abapa", KROU_ERR_CORRUPT, "truncated or extended");
    /* a flipped byte in the header, the model, the index */
    copy_layers("abapa");
    flip("abapa", 2, 24);
    refused("header", "abapa", KROU_ERR_CORRUPT, "header CRC32C");
    copy_layers("abapa");
    flip("abapa", 4, 432 + 3);
    refused("model", "abapa", KROU_ERR_CORRUPT, "model CRC32C");
    copy_layers("abapa");
    flip("abapa", 4, header_u32("abapa", 4, 48) + 1);
    refused("index", "abapa", KROU_ERR_CORRUPT, "index CRC32C");
    /* a flipped byte in block 0 of layer 4: refused by the probe that reads it, and by krou_verify */
    copy_layers("abapa");
    flip("abapa", 4, 432 + header_u32("abapa", 4, 68) + 5);
    krou_tb *tb;
    char err[600] = "";
    CHECK(krou_open(tmp, "abapa", &tb, err, sizeof err) == KROU_OK, "%s", err);
    int b[12] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3}; /* rank 11: block 0 (a finished game would not be read) */
    CHECK(krou_probe(tb, b) == KROU_CORRUPT, "damaged block read: %d", krou_probe(tb, b));
    krou_move moves[6];
    int count = -1;
    int board3[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3};
    CHECK(krou_probe(tb, board3) == -3, "an intact layer still reads");
    CHECK(krou_verify(tb, err, sizeof err) == KROU_ERR_CORRUPT && strstr(err, "values-04.krou"), "verify: %s", err);
    int b4[12] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3};
    (void)krou_root_moves(tb, b4, moves, &count);
    krou_close(tb);
    /* foreign: another rule set, another version, not a table, an empty file, nothing */
    copy_layers("lemery");
    refused("lemery", "lemery", KROU_ERR_FORMAT, "rule set: found 'grand-slam=cancel,cap=6,over-cap=keep-first,no-feed=mover-takes', expected 'grand-slam=cancel,cap=5,over-cap=keep-first,no-feed=mover-takes'");
    copy_layers("abapa");
    snprintf(path, sizeof path, "%s/abapa/values-04.krou", tmp);
    FILE *in = fopen(GOLDEN "/v1/values-04.krou", "rb"), *out = fopen(path, "wb");
    char buf[4096];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, r, out);
    fclose(in);
    fclose(out);
    refused("version 1", "abapa", KROU_ERR_FORMAT, "run krou generate");
    copy_layers("abapa");
    out = fopen(path, "wb");
    fputs("hello, world\n", out);
    fclose(out);
    refused("text", "abapa", KROU_ERR_FORMAT, "magic");
    out = fopen(path, "wb");
    fclose(out);
    refused("empty", "abapa", KROU_ERR_CORRUPT, "empty");
    refused("missing", "myriad", KROU_ERR_MISSING, "values-00.krou");
    refused("variant", "cap=9", KROU_ERR_VARIANT, "cap '9'");
}

typedef struct {
    krou_tb *tb;
    int *expected, bad;
} job;

static void *probe_all(void *arg) {
    job *j = arg;
    int b[12];
    for (int round = 0; round < 3; round++)
        for (uint64_t r = 0; r < kr_binom(15, 11); r++) {
            kr_unrank(r, 4, b);
            if (krou_probe(j->tb, b) != j->expected[r]) j->bad++;
        }
    return NULL;
}

int main(void) {
    krou_tb *ctx, *raw;
    char err[600];
    CHECK(krou_open(GOLDEN "/context", "abapa", &ctx, err, sizeof err) == KROU_OK, "%s", err);
    CHECK(krou_open(GOLDEN "/raw", NULL, &raw, err, sizeof err) == KROU_OK, "%s", err);
    if (!ctx || !raw) return test_report("tables");
    CHECK(krou_max_seeds(ctx) == 4 && krou_covers(ctx, 4) && !krou_covers(ctx, 5) && !krou_covers(ctx, -1), "coverage");
    CHECK(!krou_has_dtc(ctx, 2), "no distance tables");
    CHECK(krou_verify(ctx, err, sizeof err) == KROU_OK && krou_verify(raw, err, sizeof err) == KROU_OK, "%s", err);
    /* the rANS decoder against the raw symbols, on every board, without and with a cache (of two sets of
       four streams of 128 positions, fewer than layer 4's twelve, so that streams replace each other;
       boards visited in rank order, then backwards) */
    krou_tb *cached;
    size_t two_sets = 2 * (sizeof(kr_set) + KR_WAYS * 128);
    CHECK(krou_open_cached(GOLDEN "/context", "abapa", two_sets, &cached, err, sizeof err) == KROU_OK, "%s", err);
    for (int n = 0; n <= 4; n++)
        for (uint64_t r = 0; r < kr_binom(n + 11, 11); r++) {
            int b[12];
            kr_unrank(r, n, b);
            int v = krou_probe(ctx, b);
            CHECK(v == krou_probe(raw, b) && v >= -n && v <= n, "layer %d rank %llu: %d", n, (unsigned long long)r, v);
            CHECK(v == krou_probe(cached, b), "cached: layer %d rank %llu", n, (unsigned long long)r);
            kr_unrank(kr_binom(n + 11, 11) - 1 - r, n, b);
            CHECK(krou_probe(raw, b) == krou_probe(cached, b), "cached backwards: layer %d rank %llu", n, (unsigned long long)r);
        }
    /* values RULES.md gives */
    CHECK(value_of(ctx, "0 2 0 0 0 0 / 1 0 0 0 0 0 N") == 0, "endless chase");
    CHECK(value_of(ctx, "0 0 0 0 0 1 / 1 0 0 0 0 0 S") == -2, "one-seed grand slam");
    CHECK(value_of(ctx, "0 0 0 0 0 2 / 1 1 0 0 0 0 S") == -4, "forced grand slam");
    CHECK(value_of(ctx, "1 1 0 0 0 0 / 1 0 0 0 0 0 S") == 3, "a small win");
    CHECK(value_of(ctx, "1 2 0 0 0 0 / 0 0 0 0 0 1 N") == 0, "a capture that ends the game");
    CHECK(value_of(ctx, "1 2 0 0 0 0 / 0 0 0 0 0 0 S") == 3 && value_of(ctx, "2 0 0 0 0 0 / 0 0 0 0 0 0 S") == 2,
          "nothing can feed");
    /* root moves of worked example 15: b wins all 3, a chases forever */
    int b[12] = {1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0}, count, mt, ot;
    krou_move moves[6];
    CHECK(krou_root_moves(ctx, b, moves, &count) == KROU_OK && count == 2, "two moves");
    CHECK(moves[0].pit == 0 && moves[0].value == 0 && moves[1].pit == 1 && moves[1].value == 3 &&
              moves[1].captured == 0 && moves[1].dtc == -1 && !moves[1].ends_game,
          "a 0, b +3");
    CHECK(krou_legal_moves(ctx, b) == 3 && krou_game_over(ctx, b, &mt, &ot) == 0, "not over");
    int fin[12] = {1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    CHECK(krou_game_over(ctx, fin, &mt, &ot) == 1 && mt == 3 && ot == 0, "over: the mover takes 3");
    CHECK(krou_root_moves(ctx, fin, moves, &count) == KROU_OK && count == 0, "no moves");
    int m2, o2;
    CHECK(krou_final_result(fin, 3, 22, 23, &m2, &o2) == 1 && m2 == 50 && o2 == 46, "final result");
    int chase[12] = {1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0}; /* 0 2 0 0 0 0 / 1 0 0 0 0 0 N, North to move */
    CHECK(krou_final_result(chase, 0, 23, 22, &m2, &o2) == 1 && m2 == 49 && o2 == 47, "North 24.5, South 23.5");
    /* bad input: sentinels and codes, never an abort */
    int neg[12] = {-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, many[12] = {40, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    int five[12] = {5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    CHECK(krou_probe(ctx, neg) == KROU_BAD_BOARD && krou_probe(ctx, many) == KROU_BAD_BOARD &&
              krou_probe(ctx, NULL) == KROU_BAD_BOARD && krou_probe(NULL, five) == KROU_BAD_BOARD, "bad boards");
    CHECK(krou_probe(ctx, five) == KROU_NOT_COVERED && krou_probe_dtc(ctx, five) == KROU_NOT_COVERED, "outside");
    CHECK(krou_probe_dtc(ctx, b) == KROU_NO_TABLE, "no dtc");
    CHECK(krou_root_moves(ctx, neg, moves, &count) == KROU_ERR_BOARD && count == 0, "bad board");
    CHECK(krou_root_moves(ctx, five, moves, &count) == KROU_ERR_COVERAGE, "not covered");
    CHECK(krou_legal_moves(ctx, neg) == -1 && krou_game_over(ctx, neg, NULL, NULL) == -1, "bad board");
    /* concurrent probes agree with single ones */
    int *expected = malloc(sizeof(int) * kr_binom(15, 11));
    for (uint64_t r = 0; r < kr_binom(15, 11); r++) {
        kr_unrank(r, 4, b);
        expected[r] = krou_probe(ctx, b);
    }
    pthread_t th[4];
    job jobs[4];
    for (int i = 0; i < 4; i++) {
        jobs[i] = (job){i % 2 ? cached : ctx, expected, 0};
        pthread_create(&th[i], NULL, probe_all, &jobs[i]);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(th[i], NULL);
        CHECK(jobs[i].bad == 0, "thread %d: %d wrong", i, jobs[i].bad);
    }
    free(expected);
    /* the layer of 8 seeds whose model lists keys */
    kr_table t8;
    CHECK(kr_table_open(&t8, GOLDEN "/lags/abapa/values-08.krou", 1, 8, krou_rules(ctx), err, sizeof err) == KROU_OK, "%s", err);
    CHECK(t8.q > 0 && kr_table_verify(&t8, err, sizeof err) == KROU_OK, "%s", err);
    kr_table_close(&t8);
    krou_close(ctx);
    krou_close(cached);
    krou_close(raw);
    krou_close(NULL);
    snprintf(tmp, sizeof tmp, "%s/krou-test.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (mkdtemp(tmp) == NULL) {
        CHECK(0, "mkdtemp");
        return test_report("tables");
    }
    damaged();
    char command[300];
    snprintf(command, sizeof command, "rm -rf '%s'", tmp);
    CHECK(system(command) == 0, "cleanup");
    return test_report("tables");
}
