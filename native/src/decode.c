/* Reading symbols out of blocks: raw, stored codes, and the four rANS streams of a context-coded
   block (FORMAT.md, "Blocks"). A probe decodes one stream from its first position to the one it
   needs, on its own stack; verification decodes whole halves and checks every byte is used once. */
#define _DEFAULT_SOURCE /* madvise and MADV_HUGEPAGE, where the system has them */
#include <sched.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define LOW (1u << 23)
#define RING 64 /* the look back is at most a lag, t <= n <= 48 positions */

static unsigned u16(const unsigned char *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }
static uint32_t u32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

typedef struct stream {
    const unsigned char *half;
    long pos;   /* the next byte to take */
    long limit; /* A: first byte it may not take (forwards); B: last byte it may take (backwards) */
    int dir;    /* +1 for A, -1 for B */
    uint32_t x;
} stream;

/* sets up the stream (0 for A, 1 for B) of a half of nbytes; 0 or -1 if its state is invalid */
static int stream_init(stream *s, const unsigned char *half, long nbytes, int which) {
    s->half = half;
    if (which == 0) {
        s->x = u32(half);
        s->pos = 4;
        s->limit = nbytes - 4;
        s->dir = 1;
    } else {
        s->x = u32(half + nbytes - 4);
        s->pos = nbytes - 5;
        s->limit = 4;
        s->dir = -1;
    }
    return s->x >= LOW && s->x < (1u << 31) ? 0 : -1;
}

/*
 * Decodes positions 0..last of a stream of positions starting at rank `first`; the code of position
 * `last` in *code; if all is not NULL, every code decoded into all[0..last]. The coder's state and
 * byte position stay in locals (one dependent chain a position: key, context, slot, state).
 */
static int run_stream(const kr_table *t, stream *s, uint64_t first, int last, int *code, uint8_t *all) {
    int bars[11], k = t->k, n = t->n, prec = t->prec, shift = prec - 5;
    uint8_t ring[RING];
    uint32_t x = s->x, mask = (1u << prec) - 1;
    long pos = s->pos, limit = s->limit, dir = s->dir;
    const unsigned char *bytes = s->half;
    const uint16_t *key_ctx = t->key_ctx, *cnt = t->ent_cnt;
    const uint32_t *off = t->ent_off;
    const uint8_t *bucket = t->bucket;
    const kr_entry *ent = t->ent;
    size_t k1 = (size_t)k + 1;
    int prev = k, prev2 = -1; /* the codes of positions i - 1 and i - 2 (k, -1: none) */
    kr_unrank_bars(first, n, bars);
    for (unsigned i = 0; i <= (unsigned)last; i++) {
        unsigned lag = (unsigned)(bars[1] - 1); /* t = p0 + p1 = b_1 - 1 */
        int above = lag >= 1 && lag <= i ? ring[(i - lag) % RING] : k;
        int same = prev2 >= 0 && prev == prev2;
        unsigned c = key_ctx[((size_t)prev * k1 + (size_t)above) * 2 + (size_t)same];
        if (cnt[c] == 0) return -1; /* a context the model leaves empty */
        uint32_t slot = x & mask;
        const kr_entry *e = ent + off[c] + bucket[((size_t)c << shift) + (slot >> 5)];
        while ((uint32_t)e->cum + e->freq <= slot) e++;
        x = e->freq * (x >> prec) + slot - e->cum;
        while (x < LOW) {
            if (dir > 0 ? pos >= limit : pos < limit) return -1; /* data ending early */
            x = x << 8 | bytes[pos];
            pos += dir;
        }
        int y = e->code;
        ring[i % RING] = (uint8_t)y;
        if (all) all[i] = (uint8_t)y;
        prev2 = prev;
        prev = y;
        if (bars[0] + 1 < bars[1]) bars[0]++; /* within a run: p0 up, p1 down */
        else kr_next_bars(bars, n);
    }
    s->x = x;
    s->pos = pos;
    *code = prev;
    return 0;
}

/* the block holding position i, its first rank, positions m and stored bytes; -1 if its CRC fails */
static int block_of(const kr_table *t, uint32_t b, const unsigned char **data, unsigned *len, uint32_t *m) {
    *data = t->map + t->offsets[b];
    *len = (unsigned)(t->offsets[b + 1] - t->offsets[b]);
    *m = b + 1 < t->block_count ? t->block_size : (uint32_t)(t->positions - (uint64_t)b * t->block_size);
    const unsigned char *entry = t->map + t->index_off + 6ull * b;
    return kr_crc32c(0, *data, *len) == u32(entry + 2) ? 0 : -1;
}

/* the halves of a coded block: 0 or -1 if n1 is out of place */
static int halves(const unsigned char *data, unsigned len, const unsigned char **h, long nb[2]) {
    long n1 = (long)u16(data);
    if (n1 < 8 || (long)len - 2 - n1 < 8) return -1;
    h[0] = data + 2;
    nb[0] = n1;
    h[1] = data + 2 + n1;
    nb[1] = (long)len - 2 - n1;
    return 0;
}

static int to_symbol(const kr_table *t, int code, int *symbol) {
    if (code < 0 || code >= t->k) return KROU_ERR_CORRUPT;
    *symbol = t->symbols[code];
    return 0;
}

static int symbol_uncached(const kr_table *t, uint64_t r, int *symbol) {
    uint32_t b = (uint32_t)(r / t->block_size), m;
    uint32_t i = (uint32_t)(r - (uint64_t)b * t->block_size);
    const unsigned char *data;
    unsigned len;
    if (r >= t->positions || block_of(t, b, &data, &len, &m) != 0) return KROU_ERR_CORRUPT;
    if (!t->coded) {
        int s = data[i];
        if (!t->is_symbol[s]) return KROU_ERR_CORRUPT;
        *symbol = t->kind == 1 ? (signed char)s : s;
        return 0;
    }
    if (len == m) return to_symbol(t, data[i], symbol);
    const unsigned char *h[2];
    long nb[2];
    if (halves(data, len, h, nb) != 0) return KROU_ERR_CORRUPT;
    uint32_t H = (m + 1) / 2;
    int half = i >= H;
    uint32_t a = half ? H : 0, e = half ? m : H, c = a + (e - a + 1) / 2;
    int which = i >= c;
    uint32_t start = which ? c : a;
    stream s;
    int code;
    if (stream_init(&s, h[half], nb[half], which) != 0) return KROU_ERR_CORRUPT;
    if (run_stream(t, &s, (uint64_t)b * t->block_size + start, (int)(i - start), &code, NULL) != 0)
        return KROU_ERR_CORRUPT;
    return to_symbol(t, code, symbol);
}

#if !defined(__GNUC__) && !defined(__clang__)
#error "libkrou's cache needs the __atomic builtins of GCC or Clang"
#endif

/* the cache's arrays of 2 MiB or more start on a boundary of 2 MiB and ask for pages of that size
   where the system gives them on request (Linux's transparent huge pages): a probe reads two
   random places in a cache of up to gigabytes, and small pages would make each a miss of the
   address translation */
#define HUGE ((size_t)2 << 20)
static void huge_pages(void *p, size_t len) {
#ifdef MADV_HUGEPAGE
    if (len >= HUGE) (void)madvise(p, len, MADV_HUGEPAGE);
#else
    (void)p;
    (void)len;
#endif
}

int kr_cache_init(kr_cache *c, size_t bytes, int slot_len) {
    memset(c, 0, sizeof *c);
    size_t per = sizeof(kr_set) + (size_t)KR_WAYS * (size_t)slot_len;
    size_t count = slot_len > 0 ? bytes / per : 0;
    if (count == 0) return -1;
    void *sets = NULL, *codes = NULL;
    size_t sets_len = count * sizeof(kr_set), codes_len = count * KR_WAYS * (size_t)slot_len;
    if (posix_memalign(&sets, sets_len >= HUGE ? HUGE : 64, sets_len) != 0) return -2;
    c->sets = sets;
    if (posix_memalign(&codes, codes_len >= HUGE ? HUGE : 64, codes_len) != 0) {
        kr_cache_free(c);
        return -2;
    }
    c->codes = codes;
    huge_pages(sets, sets_len);
    huge_pages(codes, codes_len);
    memset(c->sets, 0, count * sizeof(kr_set));
    for (size_t i = 0; i < count; i++)
        for (int w = 0; w < KR_WAYS; w++) c->sets[i].age[w] = (uint8_t)w;
    c->count = count;
    c->slot_len = slot_len;
    return 0;
}

void kr_cache_free(kr_cache *c) {
    free(c->sets);
    free(c->codes);
    memset(c, 0, sizeof *c);
}

unsigned long kr_cache_decodes(const kr_cache *c) {
    unsigned long sum = 0;
    for (size_t i = 0; i < c->count; i++) sum += c->sets[i].decodes;
    return sum;
}

/* decodes block b whole with every check; 0 or -1 */
static int verify_block(const kr_table *t, uint32_t b, uint8_t *codes) {
    const unsigned char *data;
    unsigned len;
    uint32_t m;
    if (block_of(t, b, &data, &len, &m) != 0) return -1;
    if (!t->coded) {
        for (uint32_t i = 0; i < m; i++)
            if (!t->is_symbol[data[i]]) return -1;
        return 0;
    }
    if (len == m) {
        for (uint32_t i = 0; i < m; i++)
            if (data[i] >= t->k) return -1;
        return 0;
    }
    const unsigned char *h[2];
    long nb[2];
    if (halves(data, len, h, nb) != 0) return -1;
    uint32_t H = (m + 1) / 2;
    for (int half = 0; half < 2; half++) {
        uint32_t a = half ? H : 0, e = half ? m : H, c = a + (e - a + 1) / 2;
        stream sa, sb;
        int code;
        if (stream_init(&sa, h[half], nb[half], 0) != 0 || stream_init(&sb, h[half], nb[half], 1) != 0) return -1;
        uint64_t base = (uint64_t)b * t->block_size;
        if (c > a && run_stream(t, &sa, base + a, (int)(c - a - 1), &code, codes + a) != 0) return -1;
        if (e > c && run_stream(t, &sb, base + c, (int)(e - c - 1), &code, codes + c) != 0) return -1;
        /* both states end at 2^23 and every byte is taken exactly once */
        if (sa.x != LOW || sb.x != LOW || sa.pos != sb.pos + 1) return -1;
    }
    return 0;
}

int kr_table_verify(const kr_table *t, char *err, size_t errlen) {
    if (kr_crc32c(0, t->map + KR_HEADER, t->size - KR_HEADER) != u32(t->map + 64)) {
        kr_msg(err, errlen, "%s: body CRC32C mismatch", t->path);
        return KROU_ERR_CORRUPT;
    }
    uint8_t codes[32768];
    for (uint32_t b = 0; b < t->block_count; b++)
        if (verify_block(t, b, codes) != 0) {
            kr_msg(err, errlen, "%s: block %u (offset %llu) damaged: checksum or contents", t->path, b,
                   (unsigned long long)t->offsets[b]);
            return KROU_ERR_CORRUPT;
        }
    return 0;
}

/* four ways fill one line of 64 bytes (a compile error otherwise) */
typedef char kr_set_fills_one_line[KR_WAYS != 4 || sizeof(kr_set) == 64 ? 1 : -1];

/* a stream's tag in the cache (never 0) */
static uint64_t stream_key(const kr_table *t, uint32_t b, int stream) {
    return (uint64_t)(t->id + 1) << 40 | (uint64_t)b << 2 | (uint64_t)stream;
}

/* the set of a tag: the high bits of a multiplicative hash, scaled to the sets */
static size_t set_of(const kr_cache *c, uint64_t key) {
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    return (size_t)(((h >> 32) * (uint64_t)c->count) >> 32);
}

size_t kr_cache_set(const kr_cache *c, const kr_table *t, uint32_t b, int stream) {
    return set_of(c, stream_key(t, b, stream));
}

/* a set's spinlock: held for a lookup (a few nanoseconds) or one stream's decoding (microseconds),
   so a waiter spins briefly and then yields the processor */
static void set_lock(kr_set *s) {
    for (unsigned spins = 0; __atomic_exchange_n(&s->lock, 1, __ATOMIC_ACQUIRE) != 0;)
        while (__atomic_load_n(&s->lock, __ATOMIC_RELAXED) != 0)
            if (++spins % 64 == 0) sched_yield();
}

static void set_unlock(kr_set *s) { __atomic_store_n(&s->lock, 0, __ATOMIC_RELEASE); }

/* way w becomes the most recently used of its set: the ways used more recently than it age by one */
static void touch(kr_set *s, int w) {
    uint8_t a = s->age[w];
    for (int j = 0; j < KR_WAYS; j++)
        if (s->age[j] < a) s->age[j]++;
    s->age[w] = 0;
}

/* the way a new stream takes: an empty one, else the least recently used */
static int victim(const kr_set *s) {
    int oldest = 0;
    for (int j = 0; j < KR_WAYS; j++) {
        if (s->tag[j] == 0) return j;
        if (s->age[j] > s->age[oldest]) oldest = j;
    }
    return oldest;
}

int kr_table_symbol(const kr_table *t, uint64_t r, int *symbol, kr_cache *cache) {
    if (cache == NULL || cache->count == 0 || !t->coded || r >= t->positions) return symbol_uncached(t, r, symbol);
    uint32_t b = (uint32_t)(r / t->block_size), m;
    uint32_t i = (uint32_t)(r - (uint64_t)b * t->block_size);
    m = b + 1 < t->block_count ? t->block_size : (uint32_t)(t->positions - (uint64_t)b * t->block_size);
    unsigned len = (unsigned)(t->offsets[b + 1] - t->offsets[b]);
    if (len == m) return symbol_uncached(t, r, symbol); /* stored codes: nothing to decode */
    uint32_t H = (m + 1) / 2;
    int half = i >= H;
    uint32_t a = half ? H : 0, e = half ? m : H, c = a + (e - a + 1) / 2;
    int which = i >= c;
    uint32_t start = which ? c : a;
    int at = (int)(i - start), sid = half * 2 + which;
    if ((int)(e - a) > 2 * cache->slot_len) return symbol_uncached(t, r, symbol);
    uint64_t key = stream_key(t, b, sid);
    size_t set_index = set_of(cache, key);
    kr_set *set = &cache->sets[set_index];
    int rc = 0, code = 0, w = 0;
    set_lock(set);
    while (w < KR_WAYS && set->tag[w] != key) w++;
    uint8_t *codes;
    if (w < KR_WAYS && set->count[w] > at) {
        codes = cache->codes + (set_index * KR_WAYS + (size_t)w) * (size_t)cache->slot_len;
        code = codes[at]; /* checked when it was decoded */
    } else {
        const unsigned char *data, *hf[2];
        long nb[2];
        stream s;
        /* as far as the position; to the stream's end when the set held the stream not far enough
           (probes walking along a stream then find the rest) */
        int end = at, last = (int)((which ? e : c) - start) - 1;
        if (w < KR_WAYS) end = last;
        else w = victim(set);
        codes = cache->codes + (set_index * KR_WAYS + (size_t)w) * (size_t)cache->slot_len;
        set->tag[w] = 0;
        set->decodes++;
        if (block_of(t, b, &data, &len, &m) != 0 || halves(data, len, hf, nb) != 0 ||
            stream_init(&s, hf[half], nb[half], which) != 0 ||
            run_stream(t, &s, (uint64_t)b * t->block_size + start, end, &code, codes) != 0 ||
            (end == last && s.x != LOW)) { /* a stream decoded to its end ends at 2^23 */
            rc = KROU_ERR_CORRUPT;
        } else {
            code = codes[at];
            set->tag[w] = key;
            set->count[w] = end + 1;
        }
    }
    touch(set, w);
    set_unlock(set);
    return rc ? rc : to_symbol(t, code, symbol);
}
