/* CRC32C (Castagnoli): the SSE4.2 instruction where the processor has it (x86-64, gcc or clang),
   else slicing by eight; the choice and the tables are made once, on first use. */
#include <pthread.h>
#include <string.h>

#include "internal.h"

static uint32_t table[8][256];
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int hardware;

#if defined(__GNUC__) && defined(__x86_64__)
#define KR_CRC_HW 1
__attribute__((target("sse4.2"))) static uint32_t crc_hw(uint32_t crc, const unsigned char *p, size_t len) {
    uint64_t c = ~crc & 0xFFFFFFFFu;
    while (len >= 8) {
        uint64_t v;
        memcpy(&v, p, 8); /* little-endian: the bytes in order, as the instruction takes them */
        c = __builtin_ia32_crc32di(c, v);
        p += 8;
        len -= 8;
    }
    uint32_t c32 = (uint32_t)c;
    while (len--) c32 = __builtin_ia32_crc32qi(c32, *p++);
    return ~c32;
}
#endif

static void build(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int j = 0; j < 8; j++) c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1u)));
        table[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int s = 1; s < 8; s++) table[s][i] = (table[s - 1][i] >> 8) ^ table[0][table[s - 1][i] & 0xFF];
#ifdef KR_CRC_HW
    hardware = __builtin_cpu_supports("sse4.2");
#endif
}

uint32_t kr_crc32c_soft(uint32_t crc, const unsigned char *p, size_t len) {
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

uint32_t kr_crc32c(uint32_t crc, const unsigned char *p, size_t len) {
    pthread_once(&once, build);
#ifdef KR_CRC_HW
    if (hardware) return crc_hw(crc, p, len);
#endif
    return kr_crc32c_soft(crc, p, len);
}
