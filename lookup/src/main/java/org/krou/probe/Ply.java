package org.krou.probe;

import org.krou.rules.Position;

/**
 * One move of a line of play.
 *
 * @param move     the pit letter
 * @param captured seeds captured by the move
 * @param value    the value of the position before the move, for the side that moved
 * @param distance that position's distance to conversion, or -1 where unknown
 * @param after    the position after the move (captured counts updated)
 */
public record Ply(char move, int captured, int value, int distance, Position after) {
}
