package io.basalt.hbase.master;

import io.basalt.hbase.security.AuthenticationTokens;
import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hbase.thirdparty.com.google.common.util.concurrent.ThreadFactoryBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * In a cluster, makes the delegation token keys' next key when one is due, on the active master only (the tokens
 * know whether this node is), every few seconds: the other nodes sign with the newest key they know, so there must
 * always be one not yet due. A single node makes its keys as it issues tokens and needs none of this.
 */
final class TokenKeyRotation implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TokenKeyRotation.class);
  /** How often the master looks: a key falls due once a day by default, so this is only how late it may be. */
  private static final long CHECK_MILLIS = 5000;

  private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(
      new ThreadFactoryBuilder().setNameFormat("token-key-rotation").setDaemon(true).build());

  TokenKeyRotation(AuthenticationTokens tokens) {
    worker.scheduleWithFixedDelay(() -> {
      try {
        tokens.rollIfDue();
      } catch (IOException | RuntimeException e) {
        // Not saved (this node stopped being the master, say): the next look tries again.
        LOG.warn("Could not make the next delegation token key: {}", e.getMessage());
      }
    }, 0, CHECK_MILLIS, TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
