package io.basalt.storage.errors;

/**
 * Thrown by an operation asked not to wait ({@link io.basalt.storage.data.Waiting#REFUSED}) where it would have had to. Nothing has been
 * written when it is thrown, so the caller can run the operation again where it may wait. Unchecked, so that it
 * passes through code that turns storage failures into client errors; it is control flow, so it carries no stack
 * trace.
 */
public final class WouldBlockException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public WouldBlockException(String reason) {
    super(reason, null, false, false);
  }
}
