/* One table file: mapped, its header, model and index validated (FORMAT.md, "Header",
   "Model section", "Block index", "Validation"). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

static const unsigned char MAGIC[8] = {0x89, 'K', 'R', 'O', 'U', 0x0D, 0x0A, 0x1A};

static unsigned u16(const unsigned char *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }
static uint32_t u32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t u64(const unsigned char *p) { return (uint64_t)u32(p) | (uint64_t)u32(p + 4) << 32; }

static int zero(const unsigned char *p, size_t len) {
    for (size_t i = 0; i < len; i++)
        if (p[i]) return 0;
    return 1;
}

#define FORMAT(...) (kr_msg(err, errlen, __VA_ARGS__), KROU_ERR_FORMAT)
#define CORRUPT(...) (kr_msg(err, errlen, __VA_ARGS__), KROU_ERR_CORRUPT)

/* reads the model section into decoding tables; 0 or an error code */
static int read_model(kr_table *t, char *err, size_t errlen) {
    const unsigned char *p = t->map + KR_HEADER, *end = p + t->model_len;
    int k = t->k, k1 = k + 1;
    if (end - p < 2) return CORRUPT("%s: model: shorter than its key count", t->path);
    int q = (int)u16(p);
    p += 2;
    if (k1 + q > 2048) return CORRUPT("%s: model: %d contexts, at most 2048", t->path, k1 + q);
    if (end - p < 3L * q) return CORRUPT("%s: model: key list runs past the model", t->path);
    t->q = q;
    t->contexts = k1 + q;
    size_t keys = 2 * (size_t)k1 * (size_t)k1;
    t->key_ctx = malloc(keys * sizeof *t->key_ctx);
    t->ent_off = malloc((size_t)t->contexts * sizeof *t->ent_off);
    t->ent_cnt = malloc((size_t)t->contexts * sizeof *t->ent_cnt);
    t->bucket = malloc((size_t)t->contexts << (t->prec - 5));
    size_t max_entries = (size_t)t->contexts * (size_t)k;
    t->ent = malloc(max_entries * sizeof *t->ent);
    if (!t->key_ctx || !t->ent_off || !t->ent_cnt || !t->bucket || !t->ent) {
        kr_msg(err, errlen, "%s: out of memory for the model", t->path);
        return KROU_ERR_MEMORY;
    }
    for (size_t key = 0; key < keys; key++) t->key_ctx[key] = (uint16_t)((key >> 1) / (size_t)k1); /* order 1: prev */
    long last = -1;
    for (int i = 0; i < q; i++, p += 3) {
        int prev = p[0], above = p[1], same = p[2];
        if (prev > k || above > k || same > 1) return CORRUPT("%s: model: key %d out of range", t->path, i);
        long key = ((long)prev * k1 + above) * 2 + same;
        if (key <= last) return CORRUPT("%s: model: keys not strictly increasing at key %d", t->path, i);
        last = key;
        t->key_ctx[key] = (uint16_t)(k1 + i);
    }
    uint32_t total = 1u << t->prec, entries = 0;
    int nb = 1 << (t->prec - 5); /* a bucket every 32 slots */
    for (int c = 0; c < t->contexts; c++) {
        if (end - p < 2) return CORRUPT("%s: model: context %d missing", t->path, c);
        int e = (int)u16(p);
        p += 2;
        if (e > k) return CORRUPT("%s: model: context %d has %d entries, at most %d", t->path, c, e, k);
        if (end - p < 3L * e) return CORRUPT("%s: model: context %d runs past the model", t->path, c);
        t->ent_off[c] = entries;
        t->ent_cnt[c] = (uint16_t)e;
        uint32_t cum = 0;
        int lastcode = -1;
        for (int j = 0; j < e; j++, p += 3) {
            int code = p[0];
            unsigned f = u16(p + 1);
            if (code <= lastcode || code >= k || f == 0 || cum + f > total)
                return CORRUPT("%s: model: context %d entry %d invalid", t->path, c, j);
            lastcode = code;
            t->ent[entries + j].code = (uint8_t)code;
            t->ent[entries + j].freq = (uint16_t)f;
            t->ent[entries + j].cum = (uint16_t)cum;
            cum += f;
        }
        if (e > 0 && cum != total)
            return CORRUPT("%s: model: frequencies of context %d sum to %u, not %u", t->path, c, cum, total);
        /* bucket b: the entry holding slot 32 b */
        int j = 0;
        for (int b = 0; b < nb && e > 0; b++) {
            uint32_t slot = (uint32_t)b << 5;
            while ((uint32_t)t->ent[entries + j].cum + t->ent[entries + j].freq <= slot) j++;
            t->bucket[(size_t)c * (size_t)nb + (size_t)b] = (uint8_t)j;
        }
        entries += (uint32_t)e;
    }
    if (p != end) return CORRUPT("%s: model: %ld bytes left over after the last context", t->path, (long)(end - p));
    return 0;
}

static int validate(kr_table *t, int kind, int n, const char *canonical, char *err, size_t errlen) {
    const unsigned char *h = t->map;
    size_t size = t->size;
    if (size < 8 ? memcmp(h, MAGIC, size) != 0 : memcmp(h, MAGIC, 8) != 0)
        return FORMAT("%s: magic: not a Krou table (found other bytes than \\x89KROU\\r\\n\\x1A)", t->path);
    if (size < 12) return CORRUPT("%s: shorter than the header (%zu bytes)", t->path, size);
    unsigned hl = u16(h + 10);
    if (hl < 64) return CORRUPT("%s: header length %u, below 64", t->path, hl);
    if (size < hl) return CORRUPT("%s: shorter than the header (%zu bytes, header %u)", t->path, size, hl);
    if (kr_crc32c(0, h, hl - 4) != u32(h + hl - 4)) return CORRUPT("%s: header CRC32C mismatch: damaged header", t->path);
    unsigned version = u16(h + 8);
    if (version >= 1 && version <= 4)
        return FORMAT("%s: version: found %u, expected 5: tables of an older Krou; run krou generate on the "
                      "directory, which rewrites every layer it cannot read", t->path, version);
    if (version != 5) return FORMAT("%s: version: found %u, expected 5", t->path, version);
    if (hl != KR_HEADER) return FORMAT("%s: header length: found %u, expected 432", t->path, hl);
    if (h[12] != kind) return FORMAT("%s: kind: found %d, expected %d", t->path, h[12], kind);
    if (h[13] != n) return FORMAT("%s: seed count: found %d, expected %d", t->path, h[13], n);
    t->kind = kind;
    t->n = n;
    char rules[81];
    memcpy(rules, h + 336, 80);
    rules[80] = 0;
    size_t rl = strlen(rules);
    if (!zero(h + 336 + rl, 80 - rl)) return FORMAT("%s: rule set: not zero padded", t->path);
    kr_rules parsed;
    char canon[96];
    if (rules[0] == 0 || strcmp(rules, "awari") != 0) {
        if (kr_rules_parse(rules, &parsed, NULL, 0) != 0 || (kr_rules_canonical(&parsed, canon, sizeof canon), strcmp(canon, rules) != 0))
            return FORMAT("%s: rule set: found '%s', not a canonical rule set", t->path, rules);
    }
    if (strcmp(rules, canonical) != 0)
        return FORMAT("%s: rule set: found '%s', expected '%s'", t->path, rules, canonical);
    int enc = h[14], param = h[15];
    if (enc == 0 && param == 0) t->coded = 0;
    else if (enc == 4 && param >= 10 && param <= 12) t->coded = 1, t->prec = param;
    else return FORMAT("%s: encoding: found %d with parameter %d, expected 0/0 or 4/10..12", t->path, enc, param);
    if (!zero(h + 16, 8) || h[40] != 0 || !zero(h + 76, 4) || !zero(h + 416, 12))
        return FORMAT("%s: reserved bytes: not zero", t->path);
    t->positions = u64(h + 24);
    if (t->positions != kr_binom(n + 11, 11))
        return FORMAT("%s: positions: found %llu, expected %llu", t->path, (unsigned long long)t->positions,
                      (unsigned long long)kr_binom(n + 11, 11));
    t->block_size = u32(h + 32);
    if (t->block_size < 1 || t->block_size > 32768) return FORMAT("%s: block size: found %u, expected 1..32768", t->path, t->block_size);
    t->block_count = u32(h + 36);
    uint64_t blocks = (t->positions + t->block_size - 1) / t->block_size;
    if (t->block_count != blocks || blocks > (2147483647u - 9) / 6)
        return FORMAT("%s: block count: found %u, expected %llu", t->path, t->block_count, (unsigned long long)blocks);
    t->flags = h[41];
    if ((t->flags & ~3) || ((t->flags >> 1) & 1) != (kind == 2))
        return FORMAT("%s: flags: found %d", t->path, t->flags);
    t->k = (int)u16(h + 42);
    if (t->k < 1 || t->k > 256) return FORMAT("%s: symbol count: found %d, expected 1..256", t->path, t->k);
    int seen[256] = {0};
    for (int i = 0; i < 256; i++) {
        int s = h[80 + i];
        if (i >= t->k) {
            if (s != 0) return FORMAT("%s: symbol table: unused slot %d not 0", t->path, i);
            continue;
        }
        if (seen[s]++) return FORMAT("%s: symbol table: symbol %d repeated", t->path, s);
        t->is_symbol[s] = 1;
        if (kind == 1) {
            s = (signed char)s;
            if (s < -n || s > n) return FORMAT("%s: symbol table: value %d outside -%d..%d", t->path, s, n, n);
        }
        t->symbols[i] = s;
    }
    uint64_t file_len = u64(h + 56);
    if (file_len != size)
        return CORRUPT("%s: file length %zu, the header records %llu: truncated or extended", t->path, size,
                       (unsigned long long)file_len);
    t->model_len = u32(h + 68);
    if (!t->coded && t->model_len != 0) return CORRUPT("%s: model length %llu in a raw table", t->path, (unsigned long long)t->model_len);
    if (t->coded) {
        uint64_t k1 = (uint64_t)t->k + 1, qq = 2048 - k1;
        uint64_t lo = 2 + 2 * k1, hi = 2 + 3 * qq + (k1 + qq) * (2 + 3 * (uint64_t)t->k);
        if (t->model_len < lo || t->model_len > hi) return CORRUPT("%s: model length %llu out of bounds", t->path, (unsigned long long)t->model_len);
    }
    t->index_off = u64(h + 48);
    uint64_t body = KR_HEADER + t->model_len;
    if (body > size || t->index_off < body || t->index_off > size || size - t->index_off != 6ull * t->block_count)
        return CORRUPT("%s: index offset %llu out of place", t->path, (unsigned long long)t->index_off);
    if (kr_crc32c(0, t->map + KR_HEADER, (size_t)t->model_len) != u32(h + 72))
        return CORRUPT("%s: model CRC32C mismatch", t->path);
    const unsigned char *index = t->map + t->index_off;
    if (kr_crc32c(0, index, 6ull * t->block_count) != u32(h + 44)) return CORRUPT("%s: index CRC32C mismatch", t->path);
    t->offsets = malloc(((size_t)t->block_count + 1) * sizeof *t->offsets);
    if (!t->offsets) {
        kr_msg(err, errlen, "%s: out of memory for the block index", t->path);
        return KROU_ERR_MEMORY;
    }
    uint64_t off = body;
    for (uint32_t b = 0; b < t->block_count; b++) {
        uint32_t m = b + 1 < t->block_count ? t->block_size : (uint32_t)(t->positions - (uint64_t)b * t->block_size);
        unsigned len = u16(index + 6ull * b);
        int ok = t->coded ? (len == m || (len >= 18 && len < m)) : len == m;
        if (!ok) return CORRUPT("%s: block %u: stored length %u not allowed for %u positions", t->path, b, len, m);
        t->offsets[b] = off;
        off += len;
    }
    t->offsets[t->block_count] = off;
    if (off != t->index_off) return CORRUPT("%s: the blocks end at %llu, not at the index (%llu)", t->path,
                                            (unsigned long long)off, (unsigned long long)t->index_off);
    if (t->coded) return read_model(t, err, errlen);
    return 0;
}

int kr_table_open(kr_table *t, const char *path, int kind, int n, const char *canonical, char *err, size_t errlen) {
    memset(t, 0, sizeof *t);
    snprintf(t->path, sizeof t->path, "%s", path);
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        kr_msg(err, errlen, "%s: %s", path, strerror(errno));
        return errno == ENOENT ? KROU_ERR_MISSING : KROU_ERR_IO;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        kr_msg(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        return KROU_ERR_IO;
    }
    if (st.st_size == 0) {
        close(fd);
        return CORRUPT("%s: empty file", path);
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        kr_msg(err, errlen, "%s: mmap: %s", path, strerror(errno));
        return KROU_ERR_IO;
    }
    t->map = map;
    t->size = (size_t)st.st_size;
    int rc = validate(t, kind, n, canonical, err, errlen);
    if (rc) kr_table_close(t);
    return rc;
}

void kr_table_close(kr_table *t) {
    if (t->map) munmap((void *)t->map, t->size);
    free(t->offsets);
    free(t->key_ctx);
    free(t->ent_off);
    free(t->ent_cnt);
    free(t->bucket);
    free(t->ent);
    memset(t, 0, sizeof *t);
}
