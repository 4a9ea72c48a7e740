package org.krou.probe;

/**
 * The move perfect play chooses.
 *
 * @param move                the pit letter
 * @param captured            seeds it captures
 * @param value               its value for the mover (equal to the position's value)
 * @param distance            plies until the layer is left if both sides keep to the tables'
 *                            choice (1 for a capture), or -1 without distance tables
 * @param progressGuaranteed  true if distance tables chose the move, so that following such moves
 *                            realises the value against any defence; false if the move is merely
 *                            value-optimal (it keeps the value but may wander)
 */
public record BestMove(char move, int captured, int value, int distance, boolean progressGuaranteed) {
}
