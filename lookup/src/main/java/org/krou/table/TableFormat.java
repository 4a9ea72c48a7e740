package org.krou.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;

/**
 * The table file format, version 2: constants, file names, and the header and index layouts
 * (byte by byte in {@code docs/FORMAT.md}). All integers are little-endian. Files of version 1
 * (LZ4 blocks of 64 Ki positions) are refused with {@link TableFormatException}, whose message
 * says how to rewrite them.
 */
public final class TableFormat {
    /** The eight magic bytes: {@code 0x89 'K' 'R' 'O' 'U' '\r' '\n' 0x1A}. */
    static final byte[] MAGIC = {(byte) 0x89, 'K', 'R', 'O', 'U', '\r', '\n', 0x1A};

    /** The eight magic bytes, a copy (for writers). */
    public static byte[] magic() {
        return MAGIC.clone();
    }
    /** The format version written and read. */
    public static final int VERSION = 2;
    /** Header length of versions 1 and 2. */
    public static final int HEADER_LENGTH = 352;
    /** Bytes per block index entry: the stored length (u16) and the CRC32C (u32). */
    public static final int INDEX_ENTRY = 6;
    /** The largest block size (positions per block) accepted: a stored block is at most one byte a position. */
    public static final int MAX_BLOCK_SIZE = 1 << 15;
    /** File name extension. */
    public static final String EXTENSION = ".krou";

    /** Header offset of the symbol list (256 bytes). */
    public static final int SYMBOLS_AT = 80;
    /** Header offset of the header's own CRC32C, which covers every byte before it. */
    public static final int CRC_AT = HEADER_LENGTH - 4;
    /** Flag bit: the table stores "don't care" entries. */
    public static final int FLAG_DONT_CARE = 1;
    /** Flag bit: the symbols are unsigned (distance tables). */
    public static final int FLAG_UNSIGNED = 2;
    private static final int MIN_HEADER = 64;

    private TableFormat() {
    }

    /** The file of a table: {@code dataDir/<variant>/<kind>-NN.krou}, e.g. {@code data/abapa/values-12.krou}. */
    public static Path path(Path dataDir, Variant variant, TableKind kind, int seeds) {
        return dataDir.resolve(variant.id()).resolve(String.format("%s-%02d%s", kind.id(), seeds, EXTENSION));
    }

    /** The values file of a table: {@code dataDir/<variant>/values-NN.krou}. */
    public static Path valuesPath(Path dataDir, Variant variant, int seeds) {
        return path(dataDir, variant, TableKind.VALUES, seeds);
    }

    /** The most contexts a {@link Encoding#CONTEXT} model may have (order-1 and pairs). */
    public static final int MAX_CONTEXTS = ContextModel.MAX_CONTEXTS;

    /** The lower bound of the rANS coder state, {@code 2^23}: its states stay in {@code [2^23, 2^31)}. */
    public static final int RANS_STATE_LOW = ContextModel.L;

    /** The largest serialised {@link Encoding#CONTEXT} model for {@code k} codes. */
    public static long contextModelMaxBytes(int k) {
        return ContextModel.maxBytes(k);
    }

    /**
     * Reads and validates the header of {@code src}.
     *
     * @param kind    the kind expected
     * @param variant the variant expected, or null for any known one
     * @param seeds   the seed count expected, or -1 for any
     */
    static TableHeader readHeader(ByteSource src, Path file, TableKind kind, Variant variant, int seeds) {
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
        if (version == 1) {
            throw new TableFormatException(file, "format version", "1 (written by Krou before the context-coded"
                    + " tables)", VERSION + "; rewrite it with `krou generate` over the same --data directory (it"
                    + " recomputes every layer whose file is not version " + VERSION + ")");
        }
        if (version != VERSION) {
            throw new TableFormatException(file, "format version", String.valueOf(version), String.valueOf(VERSION));
        }
        if (headerLen != HEADER_LENGTH) {
            throw new TableFormatException(file, "header length", String.valueOf(headerLen), String.valueOf(HEADER_LENGTH));
        }
        return parseFields(b, file, fileLen, kind, variant, seeds);
    }

    private static TableHeader parseFields(ByteBuffer b, Path file, long fileLen, TableKind want, Variant variant,
                                           int wantSeeds) {
        TableKind kind = TableKind.ofCode(b.get(12) & 0xFF);
        if (kind != want) {
            throw new TableFormatException(file, "kind", kind == null ? "code " + (b.get(12) & 0xFF) : kind.id(), want.id());
        }
        byte[] vb = new byte[8];
        b.get(16, vb);
        String vid = ascii(vb);
        Variant found = null;
        for (Variant v : Variant.values()) {
            if (java.util.Arrays.equals(vb, variantBytes(v))) {
                found = v;
            }
        }
        if (found == null || (variant != null && found != variant)) {
            throw new TableFormatException(file, "variant", "'" + vid + "'", variant == null ? "a known variant" : "'" + variant.id() + "'");
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
        return new TableHeader(VERSION, kind, vid, seeds, positions, enc, param, (int) blockSize,
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

    /**
     * Reads, checks and parses the model section of a {@link Encoding#CONTEXT} table; null for
     * other encodings.
     */
    static ContextModel readModel(ByteSource src, Path file, TableHeader h) {
        if (h.encoding() != Encoding.CONTEXT) {
            return null;
        }
        byte[] raw = new byte[h.modelLength()];
        src.read(HEADER_LENGTH, raw, 0, raw.length);
        CRC32C crc = new CRC32C();
        crc.update(raw, 0, raw.length);
        if ((int) crc.getValue() != h.modelCrc()) {
            throw new CorruptTableException(file, -1, HEADER_LENGTH, String.format("model checksum %08x, computed %08x",
                    h.modelCrc(), (int) crc.getValue()));
        }
        String[] why = new String[1];
        ContextModel m = ContextModel.parse(raw, h.symbolCount(), h.param(), why);
        if (m == null) {
            throw new CorruptTableException(file, -1, HEADER_LENGTH, why[0]);
        }
        return m;
    }

    /** Reads, checks and validates the block index described by {@code h}. */
    static BlockIndex readIndex(ByteSource src, Path file, TableHeader h) {
        int n = h.blockCount();
        byte[] raw = new byte[Math.multiplyExact(n, INDEX_ENTRY)];
        src.read(h.indexOffset(), raw, 0, raw.length);
        CRC32C crc = new CRC32C();
        crc.update(raw, 0, raw.length);
        if ((int) crc.getValue() != h.indexCrc()) {
            throw new CorruptTableException(file, -1, h.indexOffset(), String.format("index checksum %08x, computed %08x",
                    h.indexCrc(), (int) crc.getValue()));
        }
        ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
        BlockIndex idx = new BlockIndex(n);
        long at = h.blocksOffset();
        for (int i = 0; i < n; i++) {
            long entryAt = Math.addExact(h.indexOffset(), (long) i * INDEX_ENTRY);
            int stored = b.getShort() & 0xFFFF;
            int m = h.blockPositions(i);
            boolean ok = h.encoding() == Encoding.RAW ? stored == m
                    : stored == m || (stored >= ContextModel.STATE_BYTES && stored < m);
            if (!ok) {
                throw new CorruptTableException(file, i, entryAt, "stored length " + stored + " for " + m
                        + " positions, expected " + (h.encoding() == Encoding.RAW ? String.valueOf(m)
                        : m + " (the codes) or " + ContextModel.STATE_BYTES + ".." + (m - 1) + " (coded)"));
            }
            idx.offset[i] = at;
            idx.stored[i] = stored;
            idx.crc[i] = b.getInt();
            at = Math.addExact(at, stored);
            if (at > h.indexOffset()) {
                throw new CorruptTableException(file, i, entryAt, "block ends at " + at + ", beyond the index at "
                        + h.indexOffset());
            }
        }
        if (at != h.indexOffset()) {
            throw new CorruptTableException(file, -1, at, "blocks end at " + at + ", the index starts at " + h.indexOffset());
        }
        return idx;
    }

    /** The variant id as 8 bytes, zero padded. */
    public static byte[] variantBytes(Variant v) {
        return variantBytes(v.id());
    }

    private static byte[] variantBytes(String id) {
        byte[] out = new byte[8];
        byte[] v = id.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(v, 0, out, 0, Math.min(8, v.length));
        return out;
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
