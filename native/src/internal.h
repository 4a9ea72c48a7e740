/* Internal declarations of libkrou shared by its source files (not installed). */
#ifndef KROU_INTERNAL_H
#define KROU_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "krou.h"

/* ---- CRC32C (Castagnoli, reflected polynomial 0x82F63B78), as java.util.zip.CRC32C ---- */
uint32_t kr_crc32c(uint32_t crc, const unsigned char *data, size_t len);
/* the same in software alone (tables), whatever the processor has */
uint32_t kr_crc32c_soft(uint32_t crc, const unsigned char *data, size_t len);

/* ---- binomials, rank and unrank of mover-relative boards (FORMAT.md, "Boards and ranks") ---- */
/* C(m, k) for 0 <= m <= 60, 0 <= k <= 12 (0 when m < k) */
uint64_t kr_binom(int m, int k);
/* the rank of a board of n seeds among the C(n+11, 11) boards */
uint64_t kr_rank(const int board[12]);
/* the 11 bars of the board of rank r among boards of n seeds (r < C(n+11, 11)) */
void kr_unrank_bars(uint64_t r, int n, int bars[11]);
/* the bars of the next board in rank order (r + 1), for boards of n seeds */
void kr_next_bars(int bars[11], int n);
/* the board of a rank */
void kr_unrank(uint64_t r, int n, int board[12]);

/* ---- rule sets (RULES.md) ---- */
enum kr_grand_slam { GS_CANCEL, GS_FORBID, GS_CAPTURE, GS_SPARE_FIRST, GS_SPARE_LAST, GS_CAPTURE_GIVE };
enum kr_no_feed { NF_MOVER_TAKES, NF_NOBODY_TAKES, NF_PLAY_ON };

typedef struct kr_rules {
    int awari;      /* 1: the awari rule set (the other fields then unused) */
    int grand_slam; /* enum kr_grand_slam */
    int cap;        /* 4, 5 or 6 */
    int over_none;  /* over-cap: 0 keep-first, 1 none */
    int no_feed;    /* enum kr_no_feed */
} kr_rules;

/* parses a --variant string; 0 or -1 with a message */
int kr_rules_parse(const char *text, kr_rules *rules, char *err, size_t errlen);
/* the canonical string (at most 80 bytes with the 0) and the directory id */
void kr_rules_canonical(const kr_rules *rules, char *buf, size_t len);
void kr_rules_id(const kr_rules *rules, char *buf, size_t len);

/* one legal move as the rules give it */
typedef struct kr_move {
    int pit;
    int captured;
    int gives;     /* 1: a capture-give grand slam: the game ends, worth captured - (n - captured) */
    int child[12]; /* the board after it, relative to the opponent */
} kr_move;

/*
 * The legal moves of a board (seeds 0..48, counts >= 0), in pit order; returns their number.
 * When it returns 0 the game is over: *mover_takes and *opponent_takes get who takes the n seeds
 * left (the finished position is worth mover_takes - opponent_takes).
 */
int kr_moves(const kr_rules *rules, const int board[12], kr_move moves[6], int *mover_takes,
             int *opponent_takes);

/*
 * The legal moves that capture (captured > 0, a capture-give grand slam included), without sowing
 * the moves that cannot; *over is 1 when the game is over (then *mover_takes, *opponent_takes as
 * kr_moves gives them), else 0.
 */
int kr_captures(const kr_rules *rules, const int board[12], kr_move moves[6], int *over, int *mover_takes,
                int *opponent_takes);

/* 1 if board is a valid board (each count 0..48, at most 48 in all); *n gets the seeds */
int kr_board_ok(const int *board, int *n);

/* ---- one table file (FORMAT.md) ---- */
#define KR_HEADER 432

/* one code of a context: its range of slots [cum, cum + freq) (one load on the decoder's chain) */
typedef struct kr_entry {
    uint16_t cum, freq;
    uint8_t code;
} kr_entry;

typedef struct kr_table {
    char path[4096];
    const unsigned char *map; /* the whole file, mapped read-only */
    size_t size;
    int id;     /* the table's number in its handle (for the cache) */
    int kind;   /* 1 values, 2 dtc */
    int n;      /* seeds */
    int coded;  /* 1: context encoding, 0: raw */
    int prec;   /* frequency precision s */
    int flags;
    int k;      /* symbol count */
    int symbols[256];
    uint8_t is_symbol[256]; /* raw encoding: 1 for each byte in the symbol table */
    uint64_t positions;
    uint32_t block_size, block_count;
    uint64_t model_len, index_off;
    uint64_t *offsets; /* block_count + 1 start offsets of the blocks */
    /* the model, read into decoding tables */
    int q, contexts;
    uint16_t *key_ctx;   /* 2 (k+1)^2 keys: the context of each key */
    uint32_t *ent_off;   /* per context: first entry */
    uint16_t *ent_cnt;   /* per context: entries */
    kr_entry *ent;       /* the entries of every context, one after the other */
    uint8_t *bucket;     /* per context, 2^(s-5) buckets: the entry (relative) holding slot 32 b */
} kr_table;

/*
 * The optional cache of decoded streams: a set-associative cache of KR_WAYS streams a set. A stream
 * hashes to one set; it may take any of the set's ways, and a new stream replaces an empty way or the
 * least recently used one. Each set is one 64-byte line (its lock, the ways' tags, lengths and ages)
 * behind a spinlock, so that a probe that hits touches that line and one line of codes.
 */
#ifndef KR_WAYS
#define KR_WAYS 4
#endif

typedef struct kr_set {
    int lock;                /* 0 free, 1 held (GCC/Clang __atomic builtins) */
    uint8_t age[KR_WAYS];    /* 0 the most recently used way .. KR_WAYS - 1 the least */
    uint32_t decodes;        /* streams decoded into this set (counted for the tests) */
    uint64_t tag[KR_WAYS];   /* 0: empty; else the table's id + 1, the block and the stream */
    int32_t count[KR_WAYS];  /* codes decoded from the stream's first position */
} kr_set;

typedef struct kr_cache {
    kr_set *sets;
    uint8_t *codes; /* way w of set s: its codes at (s * KR_WAYS + w) * slot_len */
    size_t count;   /* sets */
    int slot_len;
} kr_cache;

/* a cache of about `bytes` for streams of at most slot_len positions: 0, -1 if too small for one set
   (no cache), -2 if out of memory */
int kr_cache_init(kr_cache *c, size_t bytes, int slot_len);
void kr_cache_free(kr_cache *c);
/* the set of stream 0..3 (A and B of the first half, A and B of the second) of block b (for the tests) */
size_t kr_cache_set(const kr_cache *c, const kr_table *t, uint32_t b, int stream);
/* the streams decoded into the cache since it was made (for the tests; read while no probe runs) */
unsigned long kr_cache_decodes(const kr_cache *c);

/* maps and validates one file; 0 or a krou error code with a message */
int kr_table_open(kr_table *t, const char *path, int kind, int n, const char *canonical, char *err,
                  size_t errlen);
void kr_table_close(kr_table *t);
/* the symbol stored at rank r (r < positions): 0 with *symbol set, or KROU_ERR_CORRUPT; cache may be NULL */
int kr_table_symbol(const kr_table *t, uint64_t r, int *symbol, kr_cache *cache);
/* body CRC and every block decoded whole: 0 or KROU_ERR_CORRUPT with a message */
int kr_table_verify(const kr_table *t, char *err, size_t errlen);

/* ---- messages ---- */
void kr_msg(char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
