package org.krou.table;

/**
 * The key of a position's context in the {@link Encoding#CONTEXT} coding (docs/FORMAT.md,
 * "Contexts"), for a symbol list of {@code k} codes, code {@code k} standing for "no code":
 * {@code ((prev * (k + 1) + above) << 1) | same}, where {@code prev} is the code before the
 * position in its stream, {@code above} the code a lag back and {@code same} 1 if the two codes
 * before it are equal. The keys run over {@code [0, 2 (k + 1)^2)}, and a key's order-1 context
 * (that of its {@code prev} alone) is {@code key / (2 (k + 1))}. The one definition of the
 * layout for the writer (which counts and codes by key) and the reader (whose decoding loop
 * packs a key a step: small static methods, inlined by the compiler).
 */
public final class ContextKey {
    private ContextKey() {
    }

    /** The key of {@code prev}, {@code above} (each {@code 0..k}) and {@code same} (0 or 1). */
    public static int pack(int k, int prev, int above, int same) {
        return ((prev * (k + 1) + above) << 1) | same;
    }

    /** The number of keys of {@code k} codes, {@code 2 (k + 1)^2}. */
    public static int count(int k) {
        return 2 * (k + 1) * (k + 1);
    }

    /** The code before the position ({@code k}: none): also the key's order-1 context. */
    public static int prev(int k, int key) {
        return (key >>> 1) / (k + 1);
    }

    /** The code a lag back ({@code k}: none). */
    public static int above(int k, int key) {
        return (key >>> 1) % (k + 1);
    }

    /** 1 if the two codes before the position are equal, else 0. */
    public static int same(int key) {
        return key & 1;
    }
}
