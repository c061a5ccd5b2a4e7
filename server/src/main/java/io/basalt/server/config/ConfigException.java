package io.basalt.server.config;

/** A configuration or command-line problem, reported to the operator as one line. */
public class ConfigException extends Exception {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(message);
  }

  /**
   * Every distinct message of a failure's cause chain, joined by ": ": the reason a key store's password is wrong or
   * a KDC refuses a login is several causes deep, and the operator's one line should hold it.
   */
  public static String causes(Throwable failure) {
    StringBuilder text = new StringBuilder();
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
      if (text.indexOf(message) < 0) {
        text.append(text.length() == 0 ? "" : ": ").append(message);
      }
    }
    return text.toString();
  }
}
