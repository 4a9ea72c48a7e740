/* CRC32C (Castagnoli), slicing by eight; the tables are built once, on first use. */
#include <pthread.h>

#include "internal.h"

static uint32_t table[8][256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void build(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int j = 0; j < 8; j++) c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1u)));
        table[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int s = 1; s < 8; s++) table[s][i] = (table[s - 1][i] >> 8) ^ table[0][table[s - 1][i] & 0xFF];
}

uint32_t kr_crc32c(uint32_t crc, const unsigned char *p, size_t len) {
    pthread_once(&once, build);
    uint32_t c = ~crc;
    while (len >= 8) {
        uint32_t lo = c ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        c = table[7][lo & 0xFF] ^ table[6][(lo >> 8) & 0xFF] ^ table[5][(lo >> 16) & 0xFF] ^ table[4][lo >> 24] ^
            table[3][p[4]] ^ table[2][p[5]] ^ table[1][p[6]] ^ table[0][p[7]];
        p += 8;
        len -= 8;
    }
    while (len--) c = (c >> 8) ^ table[0][(c ^ *p++) & 0xFF];
    return ~c;
}
