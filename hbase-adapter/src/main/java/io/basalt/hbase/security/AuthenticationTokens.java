package io.basalt.hbase.security;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.hadoop.hbase.protobuf.generated.AuthenticationProtos;
import org.apache.hadoop.hbase.security.token.AuthenticationTokenIdentifier;
import org.apache.hadoop.security.token.SecretManager.InvalidToken;

/**
 * HBase's delegation tokens: a Kerberos user gets a token (AuthenticationService.GetAuthenticationToken) and hands
 * it to processes without Kerberos credentials, MapReduce tasks say, which authenticate with it over SASL DIGEST-MD5.
 * A token is HBase's {@link AuthenticationTokenIdentifier} (user, key id, issue and expiry times) and a password,
 * the HMAC-SHA1 of the identifier's bytes under the key it names, as HBase's clients and servers compute it; the
 * server checks a token by computing the password again.
 *
 * <p>A new key signs tokens every {@code keyUpdateMillis} ({@code hbase.auth.key.update.interval}), and each key is
 * kept until the last token it signed has expired ({@code hbase.auth.token.max.lifetime} after it stopped signing).
 * Keys are saved in a {@link TokenKeyStore} before a token they signed is handed out, so tokens outlive restarts.
 * Keys are 256 random bits; HBase's are 64, which HMAC allows but gains nothing from.
 *
 * <p>In a cluster every node holds the same keys, kept in the replicated catalog, so a token one node issued is good
 * on every other; only the active master makes new keys ({@code keeper}), as only HBase's active master rolls them,
 * and the other nodes read the keys again when the catalog changes ({@link #reload}). A node that may not make keys
 * signs with the newest it knows, which stays good for tokens until it expires.
 */
public final class AuthenticationTokens {
  private static final String HMAC = "HmacSHA1";
  private static final int KEY_BYTES = 32;

  private final TokenKeyStore store;
  private final Clock clock;
  private final long maxLifetimeMillis;
  private final long keyUpdateMillis;
  private final String service;
  private final BooleanSupplier keeper;
  private final SecureRandom random = new SecureRandom();
  private final NavigableMap<Integer, TokenKey> keys = new TreeMap<>();

  /**
   * The keys of a single node, which makes its own.
   *
   * @param service what tokens are for: the cluster id, which clients match against their connection's to pick the
   *     token for it
   */
  public AuthenticationTokens(TokenKeyStore store, Clock clock, long maxLifetimeMillis, long keyUpdateMillis,
      String service) throws IOException {
    this(store, clock, maxLifetimeMillis, keyUpdateMillis, service, () -> true);
  }

  /** @param keeper whether this node may make new keys now (in a cluster: whether it is the active master) */
  public AuthenticationTokens(TokenKeyStore store, Clock clock, long maxLifetimeMillis, long keyUpdateMillis,
      String service, BooleanSupplier keeper) throws IOException {
    this.store = store;
    this.clock = clock;
    this.maxLifetimeMillis = maxLifetimeMillis;
    this.keyUpdateMillis = keyUpdateMillis;
    this.service = service;
    this.keeper = keeper;
    reload();
  }

  /** Reads the keys again: in a cluster, after the active master made one. */
  public synchronized void reload() throws IOException {
    keys.clear();
    for (TokenKey key : store.load()) {
      keys.put(key.id(), key);
    }
  }

  /**
   * Makes a new signing key if one is due and this node may make keys: what the active master of a cluster does
   * every so often, so that the others always have a key to sign with.
   */
  public synchronized void rollIfDue() throws IOException {
    if (keeper.getAsBoolean() && isDue(clock.millis())) {
      roll(clock.millis());
    }
  }

  /** A new token for {@code username} (a full principal name, as HBase records it). */
  public synchronized AuthenticationProtos.Token issue(String username) throws IOException {
    long now = clock.millis();
    TokenKey key = signingKey(now);
    AuthenticationTokenIdentifier identifier =
        new AuthenticationTokenIdentifier(username, key.id(), now, now + maxLifetimeMillis);
    byte[] bytes = identifier.getBytes();
    return AuthenticationProtos.Token.newBuilder()
        .setIdentifier(com.google.protobuf.ByteString.copyFrom(bytes))
        .setPassword(com.google.protobuf.ByteString.copyFrom(hmac(key.secret(), bytes)))
        .setService(com.google.protobuf.ByteString.copyFromUtf8(service))
        .build();
  }

  /** Reads a token identifier as DIGEST-MD5 clients send it (the identifier's bytes, base64 decoded). */
  public static AuthenticationTokenIdentifier identifier(byte[] bytes) throws InvalidToken {
    AuthenticationTokenIdentifier identifier = new AuthenticationTokenIdentifier();
    try {
      identifier.readFields(new DataInputStream(new ByteArrayInputStream(bytes)));
    } catch (IOException | RuntimeException e) {
      throw new InvalidToken("Can't de-serialize tokenIdentifier");
    }
    return identifier;
  }

  /**
   * The password of a token this server issued, for SASL to compare with the client's; throws {@link InvalidToken}
   * for an expired token or one signed by a key this server does not have (with HBase's messages).
   */
  public synchronized byte[] password(AuthenticationTokenIdentifier identifier) throws InvalidToken {
    if (clock.millis() > identifier.getExpirationDate()) {
      throw new InvalidToken("Token has expired");
    }
    TokenKey key = keys.get(identifier.getKeyId());
    if (key == null) {
      throw new InvalidToken("Unknown master key for token (id=" + identifier.getKeyId() + ")");
    }
    return hmac(key.secret(), identifier.getBytes());
  }

  /**
   * The key to sign with now: the newest, or a new one when it is due and this node may make one (expired keys are
   * dropped then); a node that may not signs with the newest it knows while that is good.
   */
  private TokenKey signingKey(long now) throws IOException {
    if (isDue(now) && keeper.getAsBoolean()) {
      return roll(now);
    }
    TokenKey newest = keys.isEmpty() ? null : keys.lastEntry().getValue();
    if (newest == null || newest.expiresAtMillis() < now + maxLifetimeMillis) {
      // The key would be dropped before a token it signed now expires.
      throw new IOException("No delegation token key to sign with yet: the active master makes them; try again");
    }
    return newest;
  }

  private boolean isDue(long now) {
    return keys.isEmpty() || now - keys.lastEntry().getValue().createdMillis() >= keyUpdateMillis;
  }

  private TokenKey roll(long now) throws IOException {
    // In a cluster the previous master may have made a key this node has not read yet: its id must not be reused.
    reload();
    TokenKey newest = keys.isEmpty() ? null : keys.lastEntry().getValue();
    byte[] secret = new byte[KEY_BYTES];
    random.nextBytes(secret);
    int id = newest == null ? 1 : newest.id() + 1;
    TokenKey key = new TokenKey(id, secret, now, now + keyUpdateMillis + maxLifetimeMillis);
    List<TokenKey> kept = new ArrayList<>();
    for (TokenKey old : keys.values()) {
      if (old.expiresAtMillis() >= now) {
        kept.add(old);
      }
    }
    kept.add(key);
    store.save(kept);
    keys.clear();
    kept.forEach(k -> keys.put(k.id(), k));
    return key;
  }

  private static byte[] hmac(byte[] secret, byte[] data) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(new SecretKeySpec(secret, HMAC));
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JVM has no " + HMAC, e); // every Java platform must provide it
    }
  }
}
