/* Damage that checksums cannot see: random bytes of the model and the blocks of a golden table
   changed and every checksum written again, so that only the decoder's own checks stand between the
   bytes and the answer. Whatever the bytes, opening, probing and verifying never crash nor read out
   of bounds (the sanitizers watch), and a probe answers a value within -n..n or a sentinel. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"
#include "testing.h"

static unsigned char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc(*len);
    if (fread(b, 1, *len, f) != *len) *len = 0;
    fclose(f);
    return b;
}

static void spit(const char *path, const unsigned char *b, size_t len) {
    FILE *f = fopen(path, "wb");
    fwrite(b, 1, len, f);
    fclose(f);
}

static uint32_t get32(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static void put32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}

/* every checksum of the file written again over its (changed) bytes */
static void reseal(unsigned char *b, size_t len) {
    uint32_t blocks = get32(b + 36), model = get32(b + 68);
    uint64_t index = get32(b + 48), off = 432 + model;
    for (uint32_t k = 0; k < blocks; k++) {
        unsigned char *e = b + index + 6 * k;
        unsigned l = (unsigned)e[0] | (unsigned)e[1] << 8;
        put32(e + 2, kr_crc32c(0, b + off, l));
        off += l;
    }
    put32(b + 44, kr_crc32c(0, b + index, 6ull * blocks));
    put32(b + 72, kr_crc32c(0, b + 432, model));
    put32(b + 64, kr_crc32c(0, b + 432, len - 432));
    put32(b + 428, kr_crc32c(0, b, 428));
}

int main(void) {
    char tmp[256], dir[300], path[400];
    snprintf(tmp, sizeof tmp, "%s/krou-fuzz.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(tmp)) return 1;
    snprintf(dir, sizeof dir, "%s/abapa", tmp);
    mkdir(dir, 0700);
    for (int n = 0; n <= 3; n++) {
        size_t len;
        snprintf(path, sizeof path, GOLDEN "/context/abapa/values-%02d.krou", n);
        unsigned char *b = slurp(path, &len);
        snprintf(path, sizeof path, "%s/values-%02d.krou", dir, n);
        spit(path, b, len);
        free(b);
    }
    size_t len;
    unsigned char *orig = slurp(GOLDEN "/context/abapa/values-04.krou", &len), *b = malloc(len);
    uint64_t index = get32(orig + 48);
    snprintf(path, sizeof path, "%s/values-04.krou", dir);
    srand(4);
    int opened = 0, corrupt = 0, bad = 0;
    for (int round = 0; round < 400; round++) {
        memcpy(b, orig, len);
        int flips = 1 + rand() % 4;
        for (int f = 0; f < flips; f++) {
            size_t at = 432 + (size_t)rand() % (size_t)(index - 432); /* the model or a block */
            b[at] ^= (unsigned char)(1 + rand() % 255);
        }
        reseal(b, len);
        spit(path, b, len);
        krou_tb *tb;
        char err[600];
        if (krou_open(tmp, "abapa", &tb, err, sizeof err) != KROU_OK) continue;
        opened++;
        for (uint64_t r = 0; r < kr_binom(15, 11); r++) {
            int board[12];
            kr_unrank(r, 4, board);
            int v = krou_probe(tb, board);
            if (v == KROU_CORRUPT) corrupt++;
            else if (v < -4 || v > 4) bad++;
        }
        (void)krou_verify(tb, err, sizeof err);
        krou_close(tb);
    }
    CHECK(bad == 0, "%d answers out of range", bad);
    CHECK(opened > 0 && corrupt > 0, "opened %d times, %d probes refused", opened, corrupt);
    printf("fuzz: %d of 400 damaged tables opened, %d probes refused as damaged\n", opened, corrupt);
    free(orig);
    free(b);
    snprintf(path, sizeof path, "rm -rf '%s'", tmp);
    CHECK(system(path) == 0, "cleanup");
    return test_report("fuzz");
}
