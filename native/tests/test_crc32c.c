/* CRC32C against the known vectors of RFC 3720 (iSCSI), appendix B.4, and the usual check value. */
#include <string.h>

#include "internal.h"
#include "testing.h"

int main(void) {
    unsigned char buf[48];
    CHECK(kr_crc32c(0, (const unsigned char *)"123456789", 9) == 0xE3069283u, "check value");
    memset(buf, 0, 32);
    CHECK(kr_crc32c(0, buf, 32) == 0x8A9136AAu, "32 zero bytes");
    memset(buf, 0xFF, 32);
    CHECK(kr_crc32c(0, buf, 32) == 0x62A8AB43u, "32 bytes 0xFF");
    for (int i = 0; i < 32; i++) buf[i] = (unsigned char)i;
    CHECK(kr_crc32c(0, buf, 32) == 0x46DD794Eu, "32 ascending bytes");
    for (int i = 0; i < 32; i++) buf[i] = (unsigned char)(31 - i);
    CHECK(kr_crc32c(0, buf, 32) == 0x113FDB5Cu, "32 descending bytes");
    CHECK(kr_crc32c(0, buf, 0) == 0, "nothing");
    /* in pieces, as over a file read in parts */
    CHECK(kr_crc32c(kr_crc32c(0, (const unsigned char *)"12345", 5), (const unsigned char *)"6789", 4) == 0xE3069283u,
          "continued");
    return test_report("crc32c");
}
