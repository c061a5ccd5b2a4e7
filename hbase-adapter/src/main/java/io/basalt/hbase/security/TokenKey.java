package io.basalt.hbase.security;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * One secret that signs delegation tokens: tokens name it by {@code id}, and it is kept until every token it signed
 * has expired ({@code expiresAtMillis}).
 */
public record TokenKey(int id, byte[] secret, long createdMillis, long expiresAtMillis) {
  /** Keys as stores keep them: one line each, {@code id created-ms expires-ms base64-secret}. */
  public static String toText(List<TokenKey> keys) {
    StringBuilder text = new StringBuilder();
    for (TokenKey key : keys) {
      text.append(key.id()).append(' ').append(key.createdMillis()).append(' ').append(key.expiresAtMillis())
          .append(' ').append(Base64.getEncoder().encodeToString(key.secret())).append('\n');
    }
    return text.toString();
  }

  /**
   * Reads what {@link #toText} wrote.
   *
   * @param where what the text came from, for the error a damaged line gives
   */
  public static List<TokenKey> fromText(String text, String where) throws IOException {
    List<TokenKey> keys = new ArrayList<>();
    int number = 0;
    for (String line : text.split("\n")) {
      number++;
      if (line.isBlank()) {
        continue;
      }
      String[] fields = line.trim().split(" ");
      try {
        keys.add(new TokenKey(Integer.parseInt(fields[0]), Base64.getDecoder().decode(fields[3]),
            Long.parseLong(fields[1]), Long.parseLong(fields[2])));
      } catch (RuntimeException e) {
        throw new IOException(where + " line " + number + " is not a token key (id created expires secret): " + e);
      }
    }
    return keys;
  }
}
