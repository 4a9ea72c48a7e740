/*
 * libkrou: probe Krou's Oware endgame tables from C (C99, libc and POSIX only).
 *
 * Written from docs/FORMAT.md (the table format, version 5) and docs/RULES.md (the rules, every
 * rule option, the notation of positions). A data directory holds DIR/<variant>/values-NN.krou
 * (and dtc-NN.krou with `krou generate --dtc`), as `krou generate` writes it.
 *
 *     krou_tb *tb;
 *     char err[256];
 *     if (krou_open("data", "abapa", &tb, err, sizeof err) != KROU_OK) { puts(err); return 1; }
 *     int board[12] = {0, 0, 1, 3, 0, 2, 2, 1, 0, 0, 1, 0};   // mover-relative
 *     int v = krou_probe(tb, board);                            // -n..n, or a sentinel
 *     krou_close(tb);
 *
 * Boards. A board is `int board[12]`, MOVER-RELATIVE as FORMAT.md defines it: board[0..5] are the
 * pits of the side to move in sowing order (its `a..f`), board[6..11] the opponent's pits in sowing
 * order (the pit facing board[5] first). South to move: a b c d e f A B C D E F; North to move:
 * A B C D E F a b c d e f. krou_position_board() makes one from a parsed position.
 *
 * Values. A value is the final seed difference for the side to move from here on, -n..n with n
 * seeds on the board (RULES.md, "What a value means"). Functions returning a value return a
 * sentinel >= KROU_SENTINEL when they cannot answer; they never abort on bad input.
 *
 * Threads. After krou_open returns, a krou_tb is read-only: any number of threads may probe it at
 * once. krou_close must not run concurrently with probes of the same handle.
 *
 * Memory. krou_open memory-maps every table file and allocates, per table, its block offsets
 * (8 bytes a block) and its decoding model (a few MiB at most for the largest model FORMAT.md
 * allows, far less for the tables the generator writes). Nothing is allocated after krou_open: a
 * probe decodes into a few hundred bytes of its own stack (the rANS look-back is at most 48
 * positions), and resolving don't-care entries recurses at most n levels deep (under 1 KiB of
 * stack a level). krou_open keeps no cache: a probe decodes the stream holding its position (a
 * quarter of a block at most), as far as the position; the operating system's page cache keeps
 * the mapped files. krou_open_cached adds a bounded cache of decoded streams, allocated at open.
 *
 * Damaged or foreign files are refused, never read into a wrong value: krou_open checks every
 * table's magic, version, header length, header CRC32C, kind, seed count, rule set, sizes, flags,
 * symbol table, reserved bytes, model CRC and contents, index CRC and layout (FORMAT.md,
 * "Validation"); every probe checks the CRC32C of the block it reads (in a cache: when the stream
 * was decoded) and the decoder's consistency as far as it decodes (a context the model leaves
 * empty, data ending early; the final coder state when it decodes a stream to its end);
 * krou_verify also checks every body CRC and decodes every block whole (both streams of a half
 * ending at 2^23, every byte taken exactly once).
 */
#ifndef KROU_H
#define KROU_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* the library's functions are the only symbols libkrou.so exports (built with -fvisibility=hidden) */
#if defined(__GNUC__) && __GNUC__ >= 4
#define KROU_API __attribute__((visibility("default")))
#else
#define KROU_API
#endif

#define KROU_VERSION_STRING "0.1.0"
/* the one table format version this library reads (FORMAT.md) */
#define KROU_FORMAT_VERSION 5
/* most seeds a board can hold */
#define KROU_MAX_SEEDS 48

/* ---- error codes (returned by the functions below; krou_strerror names them) ---- */
enum krou_error {
    KROU_OK = 0,
    KROU_ERR_ARGUMENT = 1, /* a NULL pointer or an argument out of range */
    KROU_ERR_VARIANT = 2,  /* the rule set string is not a preset name nor valid options */
    KROU_ERR_MISSING = 3,  /* no table where one is needed (values-00.krou absent, say) */
    KROU_ERR_IO = 4,       /* a file could not be opened, sized or mapped */
    KROU_ERR_FORMAT = 5,   /* not a table this library reads: magic, version, kind, rule set,
                              seeds, sizes, encoding, flags, symbols, reserved bytes */
    KROU_ERR_CORRUPT = 6,  /* a damaged table: a checksum, a length, the model, the index,
                              a block that does not decode */
    KROU_ERR_MEMORY = 7,   /* out of memory (only in krou_open) */
    KROU_ERR_NOTATION = 8, /* a position string that is not Krou's notation */
    KROU_ERR_BOARD = 9,    /* a board with a negative count or more than 48 seeds */
    KROU_ERR_COVERAGE = 10 /* a board with more seeds than the tables cover */
};

/* A short English name of an error code ("table damaged", ...); never NULL. */
KROU_API const char *krou_strerror(int code);

/* ---- probe sentinels: every value-returning probe returns -48..48 or one of these ---- */
#define KROU_SENTINEL 1000
#define KROU_BAD_BOARD 1000   /* negative count, more than 48 seeds, or board NULL */
#define KROU_NOT_COVERED 1001 /* more seeds than the tables cover (krou_covers is false) */
#define KROU_CORRUPT 1002     /* the block read is damaged (CRC or decoder check failed) */
#define KROU_NO_TABLE 1003    /* no distance table for that layer (krou_probe_dtc only) */
/* a distance stored for every position worth 0: no progress is needed (FORMAT.md, Symbols) */
#define KROU_DTC_DRAW 255

/* ---- rule sets ---- */

/*
 * Checks a rule set as the CLI's --variant takes it: a preset name (abapa, awari, lemery, myriad,
 * grand-slam-forbidden) or options "grand-slam=G,cap=C,over-cap=O,no-feed=F" in any order, any
 * subset, the others as in abapa (RULES.md, "Rule options"). Writes into `id` (if not NULL, up to
 * idlen bytes with the terminating 0; 80 is always enough) the directory name of the rule set:
 * the preset name if it equals a preset, else its canonical string. Writes into `canonical` (if
 * not NULL) the canonical string tables record ("awari" for awari). Returns KROU_OK or
 * KROU_ERR_VARIANT with a one-line message in err (if not NULL).
 */
KROU_API int krou_variant(const char *variant, char *id, size_t idlen, char *canonical, size_t canonlen,
                 char *err, size_t errlen);

/* ---- opening ---- */

typedef struct krou_tb krou_tb;

/*
 * Opens the tables of a rule set in `dir` (the data directory, holding <id>/values-NN.krou):
 * every layer values-00, values-01, ... up to the first one missing, and the distance table
 * dtc-NN.krou of each of those layers that has one. Each file is mapped and validated (see the
 * top of this file). `variant` as krou_variant takes it; NULL means "abapa".
 * On success stores the handle in *tb and returns KROU_OK. On failure stores NULL in *tb, writes
 * a one-line message naming the file and what is wrong into err (if not NULL, truncated to
 * errlen bytes including the 0) and returns the error code.
 */
KROU_API int krou_open(const char *dir, const char *variant, krou_tb **tb, char *err, size_t errlen);

/*
 * As krou_open, with a cache of decoded streams of about cache_bytes (0: none, as krou_open). The
 * cache is allocated here, once, and never grows: sets of four streams, a stream hashed to one
 * set. A probe that finds the stream of its position decoded far enough reads one byte of it
 * (under that set's lock); otherwise it decodes the stream into the set, in place of an empty or
 * the least recently used stream. Worth it for repeated probes in the same blocks (a search); a
 * few MiB hold the streams a search returns to. A cache_bytes too small for one set (four
 * streams) means no cache.
 */
KROU_API int krou_open_cached(const char *dir, const char *variant, size_t cache_bytes, krou_tb **tb, char *err,
                     size_t errlen);

/* Unmaps and frees everything. NULL is allowed. */
KROU_API void krou_close(krou_tb *tb);

/* The largest seed count covered: layers 0..krou_max_seeds(tb) are all open. */
KROU_API int krou_max_seeds(const krou_tb *tb);

/* 1 if boards of n seeds are covered (0 <= n <= krou_max_seeds), else 0. */
KROU_API int krou_covers(const krou_tb *tb, int n);

/* 1 if the layer of n seeds has a distance table open, else 0. */
KROU_API int krou_has_dtc(const krou_tb *tb, int n);

/* The canonical rule set string of the open tables (as the tables record it). */
KROU_API const char *krou_rules(const krou_tb *tb);

/*
 * Checks every open table in full: the body CRC32C of each file, and every block decoded whole
 * with every decoder check of FORMAT.md (codes, contexts, coder states, every byte used exactly
 * once). Returns KROU_OK or KROU_ERR_CORRUPT with a message naming the file and block in err.
 * Slow: it reads every byte.
 */
KROU_API int krou_verify(const krou_tb *tb, char *err, size_t errlen);

/* ---- probing ---- */

/*
 * The exact value of a mover-relative board for the side to move, -n..n (don't-care entries
 * resolved, finished games given their rule value). Sentinels: KROU_BAD_BOARD, KROU_NOT_COVERED,
 * KROU_CORRUPT. Allocates nothing.
 */
KROU_API int krou_probe(const krou_tb *tb, const int board[12]);

/*
 * The distance to conversion of a board (RULES.md, "Distance to conversion"): 0 for a finished
 * game, 1..254 plies otherwise, KROU_DTC_DRAW (255) when the value is 0. Sentinels:
 * KROU_BAD_BOARD, KROU_NOT_COVERED, KROU_NO_TABLE (the layer has no dtc table), KROU_CORRUPT.
 */
KROU_API int krou_probe_dtc(const krou_tb *tb, const int board[12]);

/* One legal move of a position, as krou_root_moves reports it. */
typedef struct krou_move {
    int pit;       /* 0..5, the mover's pit (board[pit]); its letter is 'a'+pit for South and
                      'A'+pit for North (krou_move_letter) */
    int captured;  /* seeds the move captures */
    int value;     /* the move's value for the mover: captured minus the value of the position
                      it leads to (RULES.md, "The value of a move") */
    int dtc;       /* distance to conversion through this move: 1 if the move converts (captures
                      or ends the game), else 1 + the distance of the position it leads to;
                      KROU_DTC_DRAW if that position is worth 0 (and the move captures nothing);
                      -1 if that layer has no distance table */
    int ends_game; /* 1 if the game is over after the move (the opponent has no move, or a
                      capture-give grand slam) */
    int child[12]; /* the board after the move, relative to the opponent (now to move) */
} krou_move;

/*
 * Every legal move of a mover-relative board, in pit order, into moves[0..*count-1] (at most 6).
 * *count is 0 for a finished game (see krou_game_over). Returns KROU_OK, KROU_ERR_ARGUMENT,
 * KROU_ERR_BOARD, KROU_ERR_COVERAGE or KROU_ERR_CORRUPT (then *count is 0). Allocates nothing.
 */
KROU_API int krou_root_moves(const krou_tb *tb, const int board[12], krou_move moves[6], int *count);

/* The legal moves alone, without tables: a bit mask, bit i set if pit i may be played
   (0 for a finished game). Returns -1 for a bad board. Uses only the handle's rules. */
KROU_API int krou_legal_moves(const krou_tb *tb, const int board[12]);

/*
 * Whether the game is over at this board (the side to move has no legal move) and who takes the
 * seeds left: returns 1 if over (then *mover_takes and *opponent_takes, if not NULL, get the
 * seeds each side takes now: all n to the mover when it cannot feed, none to either under
 * no-feed=nobody-takes, all to the opponent when the mover has no seeds), 0 if not over, -1 for
 * a bad board.
 */
KROU_API int krou_game_over(const krou_tb *tb, const int board[12], int *mover_takes, int *opponent_takes);

/*
 * The final result of the game from a board's value and the seeds captured so far (RULES.md,
 * "The final result"): the mover ends with mover_captured + (n + value) / 2, the opponent with
 * opponent_captured + (n - value) / 2. Written as twice the seeds (halves are possible when
 * endless play shares an odd number). Returns 1 if the mover wins, -1 if the opponent wins,
 * 0 for a draw (equal totals); -2 for bad arguments (value outside -n..n, a bad board).
 */
KROU_API int krou_final_result(const int board[12], int value, int mover_captured, int opponent_captured,
                      int *mover_twice, int *opponent_twice);

/* ---- positions in Krou's notation (RULES.md, "Writing a position") ---- */

#define KROU_SOUTH 0
#define KROU_NORTH 1

/* A position as written: pits[0..5] South's a..f, pits[6..11] North's A..F. */
typedef struct krou_position {
    int pits[12];
    int side; /* KROU_SOUTH or KROU_NORTH, to move */
} krou_position;

/*
 * Parses "a b c d e f / A B C D E F [S|N]": counts separated by spaces or commas, one '/', the
 * side (S or N, either case) optional (South). Each count 0..48, at most 48 in all. Returns
 * KROU_OK or KROU_ERR_NOTATION with the reason in err (the messages of `krou probe`).
 */
KROU_API int krou_parse_position(const char *text, krou_position *pos, char *err, size_t errlen);

/* Writes "a b c d e f / A B C D E F S" into buf (48 bytes are always enough). Returns the length,
   or -1 if it did not fit or pos is invalid. */
KROU_API int krou_format_position(const krou_position *pos, char *buf, size_t len);

/* The mover-relative board of a position. */
KROU_API void krou_position_board(const krou_position *pos, int board[12]);

/* The position of a mover-relative board with `side` to move (KROU_SOUTH or KROU_NORTH); the
   inverse of krou_position_board. For a krou_move's child, side is the opponent of the mover. */
KROU_API void krou_board_position(const int board[12], int side, krou_position *pos);

/* The letter of a mover's pit 0..5: 'a'..'f' for South, 'A'..'F' for North; 0 if out of range. */
KROU_API char krou_move_letter(int side, int pit);

#ifdef __cplusplus
}
#endif

#endif /* KROU_H */
