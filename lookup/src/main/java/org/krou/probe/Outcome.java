package org.krou.probe;

/** Who wins a game under perfect play. */
public enum Outcome {
    /** South ends with more seeds. */
    SOUTH_WINS,
    /** Both end with the same number of seeds. */
    DRAW,
    /** North ends with more seeds. */
    NORTH_WINS
}
