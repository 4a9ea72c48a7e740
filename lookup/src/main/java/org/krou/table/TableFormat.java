package org.krou.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;

/**
 * The table file format, version 5: constants, file names, and the header and index layouts
 * (byte by byte in {@code docs/FORMAT.md}). All integers are little-endian. The header records
 * the rule set as its canonical string; a context-coded table codes a position in a context that
 * looks back along the board (the code a lag before it) and cuts each coded block into two halves
 * of two streams each. Files of older versions (1 to 4, written by earlier Krou) are refused with
 * {@link TableFormatException}, whose message says how to rewrite them.
 */
public final class TableFormat {
    /** The eight magic bytes: {@code 0x89 'K' 'R' 'O' 'U' '\r' '\n' 0x1A}. */
    static final byte[] MAGIC = {(byte) 0x89, 'K', 'R', 'O', 'U', '\r', '\n', 0x1A};

    /** The eight magic bytes, a copy (for writers). */
    public static byte[] magic() {
        return MAGIC.clone();
    }
    /** The format version written and read. */
    public static final int VERSION = 5;
    /** Header length. */
    public static final int HEADER_LENGTH = 432;
    /** Header offset of the rule set: its canonical string, ASCII, zero padded. */
    public static final int RULES_AT = 336;
    /** Bytes of the rule-set field. */
    public static final int RULES_LENGTH = 80;
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

    /**
     * The rule sets with a directory under {@code dataDir}: the subdirectories named by a
     * {@link Variant#id()}, presets first in their order, then the others by name. Other
     * subdirectories are ignored. Empty if {@code dataDir} is not a readable directory.
     */
    public static java.util.List<Variant> variantsIn(Path dataDir) {
        java.util.List<Variant> found = new java.util.ArrayList<>();
        try (java.util.stream.Stream<Path> dirs = java.nio.file.Files.list(dataDir)) {
            dirs.filter(java.nio.file.Files::isDirectory).map(d -> d.getFileName().toString()).sorted()
                    .forEach(name -> {
                        try {
                            Variant v = Variant.parse(name);
                            if (v.id().equals(name)) {
                                found.add(v);
                            }
                        } catch (IllegalArgumentException e) {
                            // not a rule set's directory
                        }
                    });
        } catch (java.io.IOException | SecurityException e) {
            return java.util.List.of();
        }
        java.util.List<Variant> out = new java.util.ArrayList<>();
        for (Variant p : Variant.presets()) {
            if (found.remove(p)) {
                out.add(p);
            }
        }
        out.addAll(found);
        return out;
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
     * The shortest context-coded block (its first half's length and four coder states); a block
     * of no more positions is stored as its codes.
     */
    public static final int MIN_CODED_BYTES = ContextModel.MIN_CODED_BYTES;

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

    /**
     * Reads, checks and parses the model section of a {@link Encoding#CONTEXT} table; null for
     * other encodings.
     */
    static ContextModel readModel(ByteSource src, Path file, TableHeader h) {
        if (h.encoding() != Encoding.CONTEXT) {
            return null;
        }
        byte[] raw = new byte[h.modelLength()];
        long at = h.headerLength();
        src.read(at, raw, 0, raw.length);
        CRC32C crc = new CRC32C();
        crc.update(raw, 0, raw.length);
        if ((int) crc.getValue() != h.modelCrc()) {
            throw new CorruptTableException(file, -1, at, String.format("model checksum %08x, computed %08x",
                    h.modelCrc(), (int) crc.getValue()));
        }
        String[] why = new String[1];
        ContextModel m = ContextModel.parse(raw, h.symbolCount(), h.param(), why);
        if (m == null) {
            throw new CorruptTableException(file, -1, at, why[0]);
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
            int least = MIN_CODED_BYTES;
            boolean ok = h.encoding() == Encoding.RAW ? stored == m
                    : stored == m || (stored >= least && stored < m);
            if (!ok) {
                throw new CorruptTableException(file, i, entryAt, "stored length " + stored + " for " + m
                        + " positions, expected " + (h.encoding() == Encoding.RAW ? String.valueOf(m)
                        : m + " (the codes) or " + least + ".." + (m - 1) + " (coded)"));
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

    /** The rule-set field of a header: the canonical string, ASCII, zero padded to {@link #RULES_LENGTH}. */
    public static byte[] rulesBytes(Variant v) {
        byte[] out = new byte[RULES_LENGTH];
        byte[] c = v.canonical().getBytes(StandardCharsets.US_ASCII);
        if (c.length >= RULES_LENGTH) {
            throw new IllegalArgumentException("canonical rule set longer than " + (RULES_LENGTH - 1) + " bytes: " + v);
        }
        System.arraycopy(c, 0, out, 0, c.length);
        return out;
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
