package org.krou.table;

import static org.krou.table.TableFormat.CRC_AT;
import static org.krou.table.TableFormat.FLAG_DONT_CARE;
import static org.krou.table.TableFormat.FLAG_UNSIGNED;
import static org.krou.table.TableFormat.HEADER_LENGTH;
import static org.krou.table.TableFormat.INDEX_ENTRY;
import static org.krou.table.TableFormat.MAGIC;
import static org.krou.table.TableFormat.MAX_BLOCK_SIZE;
import static org.krou.table.TableFormat.RULES_AT;
import static org.krou.table.TableFormat.RULES_LENGTH;
import static org.krou.table.TableFormat.SYMBOLS_AT;
import static org.krou.table.TableFormat.VERSION;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;

/**
 * Reads and validates the header of a table file (docs/FORMAT.md, "Header" and "Validation"):
 * every field is checked before the data it describes is used, and a file of another version
 * is refused, one of an older version with what to do.
 */
final class HeaderParser {
    /** The shortest header length accepted before the checksum is read: it must hold the fields. */
    private static final int MIN_HEADER = 64;

    private HeaderParser() {
    }

    /**
     * Reads and validates the header of {@code src}.
     *
     * @param kind    the kind expected
     * @param variant the variant expected, or null for any known one
     * @param seeds   the seed count expected, or -1 for any
     */
    static TableHeader read(ByteSource src, Path file, TableKind kind, Variant variant, int seeds) {
        long fileLen = src.length();
        byte[] head = new byte[(int) Math.min(fileLen, HEADER_LENGTH)];
        src.read(0, head, 0, head.length);
        for (int i = 0; i < Math.min(head.length, MAGIC.length); i++) {
            if (head[i] != MAGIC[i]) {
                throw new TableFormatException(file, "magic", hex(head, Math.min(head.length, MAGIC.length)),
                        hex(MAGIC, MAGIC.length) + " (not a Krou table)");
            }
        }
        if (fileLen < 12) {
            throw new CorruptTableException(file, -1, fileLen, "truncated: " + fileLen + " bytes, the header alone has "
                    + HEADER_LENGTH);
        }
        ByteBuffer b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        int version = b.getShort(8) & 0xFFFF;
        int headerLen = b.getShort(10) & 0xFFFF;
        if (headerLen < MIN_HEADER) {
            throw new CorruptTableException(file, -1, 10, "header length " + headerLen + ", at least " + MIN_HEADER);
        }
        if (fileLen < headerLen) {
            throw new CorruptTableException(file, -1, fileLen, "truncated: " + fileLen + " bytes, the header alone has "
                    + headerLen);
        }
        if (headerLen != head.length) { // another version's header: read it whole for its checksum
            head = new byte[headerLen];
            src.read(0, head, 0, headerLen);
            b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        }
        CRC32C crc = new CRC32C();
        crc.update(head, 0, headerLen - 4);
        int want = b.getInt(headerLen - 4);
        if ((int) crc.getValue() != want) {
            throw new CorruptTableException(file, -1, 0, String.format("header checksum %08x, computed %08x",
                    want, (int) crc.getValue()));
        }
        if (version >= 1 && version < VERSION) {
            throw new TableFormatException(file, "format version", version + (version == 1
                    ? " (written by Krou before the context-coded tables)" : " (written by an earlier Krou)"),
                    VERSION + "; rewrite it with `krou generate` over the same --data directory (it recomputes"
                    + " every layer whose file it cannot read)");
        }
        if (version != VERSION) {
            throw new TableFormatException(file, "format version", String.valueOf(version), String.valueOf(VERSION));
        }
        if (headerLen != HEADER_LENGTH) {
            throw new TableFormatException(file, "header length", String.valueOf(headerLen),
                    String.valueOf(HEADER_LENGTH));
        }
        return parseFields(b, file, fileLen, kind, variant, seeds);
    }

    private static TableHeader parseFields(ByteBuffer b, Path file, long fileLen, TableKind want, Variant variant,
                                           int wantSeeds) {
        TableKind kind = TableKind.ofCode(b.get(12) & 0xFF);
        if (kind != want) {
            throw new TableFormatException(file, "kind", kind == null ? "code " + (b.get(12) & 0xFF) : kind.id(), want.id());
        }
        Variant found = rulesOf(b, file);
        if (variant != null && !found.equals(variant)) {
            throw new TableFormatException(file, "rule set", "'" + found.id() + "'", "'" + variant.id() + "'");
        }
        int seeds = b.get(13) & 0xFF;
        if (seeds > PositionIndex.MAX_SEEDS || (wantSeeds >= 0 && seeds != wantSeeds)) {
            throw new TableFormatException(file, "seed count", String.valueOf(seeds),
                    wantSeeds >= 0 ? String.valueOf(wantSeeds) : "0.." + PositionIndex.MAX_SEEDS);
        }
        long positions = b.getLong(24);
        if (positions != PositionIndex.size(seeds)) {
            throw new TableFormatException(file, "number of positions", Long.toUnsignedString(positions),
                    PositionIndex.size(seeds) + " for " + seeds + " seeds");
        }
        Encoding enc = Encoding.ofCode(b.get(14) & 0xFF);
        int param = b.get(15) & 0xFF;
        if (enc == null || !enc.validParam(param)) {
            throw new TableFormatException(file, "value encoding", (b.get(14) & 0xFF) + "/" + param,
                    "raw/0 or context/10..12");
        }
        if (b.get(40) != 0) {
            throw new TableFormatException(file, "reserved byte 40", String.valueOf(b.get(40)), "0");
        }
        int flags = b.get(41) & 0xFF;
        int wantFlags = kind.unsignedSymbols() ? FLAG_UNSIGNED : 0;
        if ((flags & ~FLAG_DONT_CARE) != wantFlags) {
            throw new TableFormatException(file, "flags", "0x" + Integer.toHexString(flags),
                    "0x" + Integer.toHexString(wantFlags) + " plus the don't-care bit 0x1");
        }
        long blockSize = b.getInt(32) & 0xFFFFFFFFL;
        long blockCount = b.getInt(36) & 0xFFFFFFFFL;
        if (blockSize < 1 || blockSize > MAX_BLOCK_SIZE) {
            throw new TableFormatException(file, "block size", String.valueOf(blockSize), "1.." + MAX_BLOCK_SIZE);
        }
        long wantBlocks = (positions + blockSize - 1) / blockSize;
        if (blockCount != wantBlocks || blockCount > (Integer.MAX_VALUE - 8) / INDEX_ENTRY) {
            throw new TableFormatException(file, "block count", String.valueOf(blockCount), String.valueOf(wantBlocks));
        }
        byte[] symbols = readSymbols(b, file, kind, seeds, positions);
        for (int i = 76; i < SYMBOLS_AT; i++) {
            if (b.get(i) != 0) {
                throw new TableFormatException(file, "reserved byte " + i, String.valueOf(b.get(i)), "0");
            }
        }
        for (int i = SYMBOLS_AT + 256; i < CRC_AT; i++) {
            if (i == RULES_AT) {
                i += RULES_LENGTH - 1;
                continue;
            }
            if (b.get(i) != 0) {
                throw new TableFormatException(file, "reserved byte " + i, String.valueOf(b.get(i)), "0");
            }
        }
        long recorded = b.getLong(56);
        if (recorded != fileLen) {
            throw new CorruptTableException(file, -1, fileLen, "the file has " + fileLen + " bytes, its header says "
                    + Long.toUnsignedString(recorded) + (fileLen < recorded ? " (truncated)" : ""));
        }
        long modelLen = b.getInt(68) & 0xFFFFFFFFL;
        long maxModel = enc == Encoding.CONTEXT ? ContextModel.maxBytes(symbols.length) : 0;
        long minModel = enc == Encoding.CONTEXT ? ContextModel.minBytes(symbols.length) : 0;
        if (modelLen < minModel || modelLen > maxModel) {
            throw new CorruptTableException(file, -1, 68, "model length " + modelLen + " outside " + minModel + ".."
                    + maxModel);
        }
        long indexOffset = b.getLong(48);
        long indexLen = Math.multiplyExact(blockCount, (long) INDEX_ENTRY);
        if (indexOffset < HEADER_LENGTH + modelLen || indexOffset > fileLen || fileLen - indexOffset != indexLen) {
            throw new CorruptTableException(file, -1, 48, "index offset " + Long.toUnsignedString(indexOffset)
                    + " does not leave room for " + blockCount + " index entries before the end at " + fileLen);
        }
        return new TableHeader(VERSION, kind, found.id(), seeds, positions, enc, param, (int) blockSize,
                (int) blockCount, (flags & FLAG_DONT_CARE) != 0, symbols, indexOffset, fileLen, b.getInt(44), b.getInt(64),
                (int) modelLen, b.getInt(72));
    }

    private static byte[] readSymbols(ByteBuffer b, Path file, TableKind kind, int seeds, long positions) {
        int count = b.getShort(42) & 0xFFFF;
        if (count > 256 || (count == 0 && positions > 0)) {
            throw new TableFormatException(file, "symbol count", String.valueOf(count), "1..256");
        }
        byte[] symbols = new byte[count];
        boolean[] seen = new boolean[256];
        for (int i = 0; i < 256; i++) {
            byte s = b.get(SYMBOLS_AT + i);
            if (i >= count) {
                if (s != 0) {
                    throw new TableFormatException(file, "unused symbol slot " + i, String.valueOf(s), "0");
                }
                continue;
            }
            int v = kind.symbol(s);
            if (seen[s & 0xFF] || (kind == TableKind.VALUES && (v < -seeds || v > seeds))) {
                throw new TableFormatException(file, "symbol " + i, String.valueOf(v),
                        kind == TableKind.VALUES ? "a new value in -" + seeds + ".." + seeds : "a new symbol");
            }
            seen[s & 0xFF] = true;
            symbols[i] = s;
        }
        return symbols;
    }

    /** The rule set: 8 reserved zero bytes at 16, the canonical rule set at {@link #RULES_AT}. */
    private static Variant rulesOf(ByteBuffer b, Path file) {
        for (int i = 16; i < 24; i++) {
            if (b.get(i) != 0) {
                throw new TableFormatException(file, "reserved byte " + i, String.valueOf(b.get(i)), "0");
            }
        }
        byte[] rb = new byte[RULES_LENGTH];
        b.get(RULES_AT, rb);
        String text = ascii(rb);
        for (int i = text.length(); i < RULES_LENGTH; i++) {
            if (rb[i] != 0) {
                throw new TableFormatException(file, "rule set padding byte " + (RULES_AT + i), String.valueOf(rb[i]), "0");
            }
        }
        Variant v;
        try {
            v = Variant.parse(text);
        } catch (IllegalArgumentException e) {
            throw new TableFormatException(file, "rule set", "'" + text + "'", "a canonical rule set (" + e.getMessage() + ")");
        }
        if (!v.canonical().equals(text)) {
            throw new TableFormatException(file, "rule set", "'" + text + "'", "its canonical form '" + v.canonical() + "'");
        }
        return v;
    }

    private static String ascii(byte[] v) {
        StringBuilder sb = new StringBuilder();
        for (byte x : v) {
            if (x == 0) {
                break;
            }
            sb.append(x >= 32 && x < 127 ? (char) x : '?');
        }
        return sb.toString();
    }

    private static String hex(byte[] v, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(String.format("%02x", v[i] & 0xFF));
        }
        return sb.length() == 0 ? "(empty file)" : sb.toString();
    }
}
