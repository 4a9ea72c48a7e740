package org.krou.generator.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;
import org.krou.rules.Variant;
import org.krou.table.TableFormat;
import org.krou.table.TableHeader;

/**
 * The writer's half of {@link TableFormat}: the bytes of a header and of a block index (byte by
 * byte in {@code docs/FORMAT.md}; the reader parses them in {@code TableFormat}).
 */
final class TableLayout {
    private TableLayout() {
    }

    /** The header's bytes, checksum included. */
    static byte[] headerBytes(TableHeader h) {
        ByteBuffer b = ByteBuffer.allocate(TableFormat.HEADER_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        b.put(TableFormat.magic());
        b.putShort((short) h.version()).putShort((short) TableFormat.HEADER_LENGTH);
        b.put((byte) h.kind().code()).put((byte) h.seeds()).put((byte) h.encoding().code()).put((byte) h.param());
        b.putLong(0); // reserved
        b.putLong(h.positions()).putInt(h.blockSize()).putInt(h.blockCount());
        b.put((byte) 0); // reserved (version 1: compression)
        b.put((byte) ((h.dontCare() ? TableFormat.FLAG_DONT_CARE : 0)
                | (h.kind().unsignedSymbols() ? TableFormat.FLAG_UNSIGNED : 0)));
        b.putShort((short) h.symbolCount()).putInt(h.indexCrc());
        b.putLong(h.indexOffset()).putLong(h.fileLength()).putInt(h.bodyCrc());
        b.putInt(h.modelLength()).putInt(h.modelCrc());
        b.position(TableFormat.SYMBOLS_AT);
        b.put(h.symbols());
        b.position(TableFormat.RULES_AT);
        b.put(TableFormat.rulesBytes(Variant.parse(h.variant())));
        byte[] out = b.array();
        CRC32C crc = new CRC32C();
        crc.update(out, 0, TableFormat.CRC_AT);
        b.putInt(TableFormat.CRC_AT, (int) crc.getValue());
        return out;
    }

    /** The index's bytes: per block its stored length (u16) and CRC32C. */
    static byte[] indexBytes(int[] stored, int[] crc) {
        int n = stored.length;
        ByteBuffer b = ByteBuffer.allocate(Math.multiplyExact(n, TableFormat.INDEX_ENTRY))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putShort((short) stored[i]).putInt(crc[i]);
        }
        return b.array();
    }
}
