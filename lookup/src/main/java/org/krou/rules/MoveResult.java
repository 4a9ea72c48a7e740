package org.krou.rules;

/**
 * What a move did.
 *
 * @param before   the position the move was played in
 * @param move     the move letter
 * @param captured seeds captured by the move (0 for none or a cancelled grand slam)
 * @param after    the position right after the move, seeds still on the board
 * @param gameOver true if the side to move next has no legal move
 * @param end      when {@code gameOver}, the final position: board empty, the seeds left
 *                 credited to the side that takes them; otherwise equal to {@code after}
 */
public record MoveResult(Position before, char move, int captured, Position after, boolean gameOver, Position end) {
}
