package org.krou.generator;

/**
 * A generation refused before it started because the machine cannot hold it: the message gives
 * the numbers and what to change.
 */
public final class PlanRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what is needed, what is available, and what to change */
    public PlanRefusedException(String message) {
        super(message);
    }
}
