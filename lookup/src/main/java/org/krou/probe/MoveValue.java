package org.krou.probe;

/**
 * One legal move and what it is worth to the side that plays it.
 *
 * @param move     the pit letter ({@code a..f} for South, {@code A..F} for North)
 * @param captured seeds the move captures (0 for none or a cancelled grand slam)
 * @param value    {@code captured - value(child)}: the final difference for the mover, counting
 *                 from the position before the move, if it plays this move and both play perfectly
 *                 afterwards
 */
public record MoveValue(char move, int captured, int value) {
}
