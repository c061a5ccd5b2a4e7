package io.basalt.hbase.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.hbase.testing.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.hadoop.hbase.protobuf.generated.AuthenticationProtos.Token;
import org.apache.hadoop.hbase.security.token.AuthenticationTokenIdentifier;
import org.apache.hadoop.security.token.SecretManager.InvalidToken;
import org.junit.jupiter.api.Test;

class AuthenticationTokensTest {
  private static final long DAY = Duration.ofDays(1).toMillis();
  private static final long WEEK = Duration.ofDays(7).toMillis();

  private final MemoryStore store = new MemoryStore();
  private final ManualClock clock = new ManualClock();

  @Test
  void aTokenIsHBasesIdentifierWithTheHmacOfItsBytesAsPassword() throws Exception {
    AuthenticationTokens tokens = new AuthenticationTokens(store, clock, WEEK, DAY, "cluster-1");
    Token token = tokens.issue("alice@EXAMPLE.COM");
    AuthenticationTokenIdentifier identifier = AuthenticationTokens.identifier(token.getIdentifier().toByteArray());
    assertEquals("alice@EXAMPLE.COM", identifier.getUsername());
    assertEquals(clock.millis(), identifier.getIssueDate());
    assertEquals(clock.millis() + WEEK, identifier.getExpirationDate());
    assertEquals("cluster-1", token.getService().toStringUtf8());
    Mac mac = Mac.getInstance("HmacSHA1");
    mac.init(new SecretKeySpec(store.saved.get(0).secret(), "HmacSHA1"));
    assertArrayEquals(mac.doFinal(token.getIdentifier().toByteArray()), token.getPassword().toByteArray());
    assertArrayEquals(token.getPassword().toByteArray(), tokens.password(identifier));
  }

  @Test
  void keysRollAtTheUpdateIntervalAndAreDroppedOnceTheirLastTokenExpired() throws Exception {
    AuthenticationTokens tokens = new AuthenticationTokens(store, clock, WEEK, DAY, "c");
    AuthenticationTokenIdentifier first = idOf(tokens.issue("a"));
    clock.advance(DAY - 1);
    assertEquals(first.getKeyId(), idOf(tokens.issue("a")).getKeyId());
    clock.advance(1);
    AuthenticationTokenIdentifier second = idOf(tokens.issue("a"));
    assertEquals(first.getKeyId() + 1, second.getKeyId());
    assertEquals(List.of(first.getKeyId(), second.getKeyId()), savedIds());
    // The first key signed for a day; the last token it signed is good for a week after that.
    clock.advance(WEEK - 1);
    tokens.password(idOf(tokens.issue("a")));
    assertEquals(3, savedIds().size());
    clock.advance(DAY);
    tokens.issue("a");
    assertEquals(List.of(second.getKeyId(), second.getKeyId() + 1, second.getKeyId() + 2), savedIds());
  }

  private List<Integer> savedIds() {
    return store.saved.stream().map(TokenKey::id).toList();
  }

  @Test
  void tokensOutliveARestartThroughTheStore() throws Exception {
    Token token = new AuthenticationTokens(store, clock, WEEK, DAY, "c").issue("alice");
    AuthenticationTokens restarted = new AuthenticationTokens(store, clock, WEEK, DAY, "c");
    assertArrayEquals(token.getPassword().toByteArray(), restarted.password(idOf(token)));
  }

  @Test
  void expiredTokensAndUnknownKeysAreInvalidWithHBasesMessages() throws Exception {
    AuthenticationTokens tokens = new AuthenticationTokens(store, clock, WEEK, DAY, "c");
    AuthenticationTokenIdentifier identifier = idOf(tokens.issue("alice"));
    clock.advance(WEEK + 1);
    assertEquals("Token has expired", assertThrows(InvalidToken.class, () -> tokens.password(identifier))
        .getMessage());
    AuthenticationTokens elsewhere = new AuthenticationTokens(new MemoryStore(), clock, WEEK, DAY, "c");
    AuthenticationTokenIdentifier foreign =
        new AuthenticationTokenIdentifier("alice", 42, clock.millis(), clock.millis() + WEEK);
    assertEquals("Unknown master key for token (id=42)",
        assertThrows(InvalidToken.class, () -> elsewhere.password(foreign)).getMessage());
    assertEquals("Can't de-serialize tokenIdentifier",
        assertThrows(InvalidToken.class, () -> AuthenticationTokens.identifier(new byte[] {0, 0, 0, 9, 1}))
            .getMessage());
  }

  /**
   * A cluster's nodes share the keys: only the keeper (the active master) makes them, the others sign with the
   * newest they have read while it is not due, and verify what the keeper signed once they read its keys.
   */
  @Test
  void onlyTheKeeperMakesKeysAndTheOthersSignWithTheNewestTheyRead() throws Exception {
    AuthenticationTokens follower = new AuthenticationTokens(store, clock, WEEK, DAY, "c", () -> false);
    assertEquals("No delegation token key to sign with yet: the active master makes them; try again",
        assertThrows(IOException.class, () -> follower.issue("alice")).getMessage());
    AuthenticationTokens keeper = new AuthenticationTokens(store, clock, WEEK, DAY, "c", () -> true);
    keeper.rollIfDue();
    follower.reload();
    Token fromFollower = follower.issue("alice");
    assertArrayEquals(fromFollower.getPassword().toByteArray(), keeper.password(idOf(fromFollower)));
    keeper.rollIfDue();
    assertEquals(1, store.saved.size(), "a key is made only when one is due");

    clock.advance(DAY + 1);
    assertThrows(IOException.class, () -> follower.issue("alice"), "its newest key is past due: no token from it");
    keeper.rollIfDue();
    follower.reload();
    Token next = follower.issue("alice");
    assertEquals(idOf(fromFollower).getKeyId() + 1, idOf(next).getKeyId());
    assertArrayEquals(next.getPassword().toByteArray(), keeper.password(idOf(next)));
  }

  private static AuthenticationTokenIdentifier idOf(Token token) throws InvalidToken {
    return AuthenticationTokens.identifier(token.getIdentifier().toByteArray());
  }

  /** The keys as last saved, in order. */
  private static final class MemoryStore implements TokenKeyStore {
    List<TokenKey> saved = new ArrayList<>();

    @Override
    public List<TokenKey> load() {
      return List.copyOf(saved);
    }

    @Override
    public void save(List<TokenKey> keys) throws IOException {
      saved = new ArrayList<>(keys);
    }
  }
}
