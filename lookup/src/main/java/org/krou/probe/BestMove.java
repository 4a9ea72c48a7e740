package org.krou.probe;

/**
 * The move perfect play chooses.
 *
 * @param move                the pit letter
 * @param captured            seeds it captures
 * @param value               its value for the mover (equal to the position's value)
 * @param distance            plies until the layer is left if both sides keep to this choice (1 for
 *                            a capture): the position's distance to conversion; -1 for a position
 *                            worth 0, or when no distance is known
 * @param progressGuaranteed  true if distances (from the tables or the conversion search) chose
 *                            the move, or the position is worth 0, so that following such moves
 *                            realises the value against any defence; false if the move is merely
 *                            value-optimal (it keeps the value but may wander)
 */
public record BestMove(char move, int captured, int value, int distance, boolean progressGuaranteed) {
}
