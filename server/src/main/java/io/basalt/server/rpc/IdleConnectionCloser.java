package io.basalt.server.rpc;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a connection that has no call running and has completed nothing for the idle time: one that went silent,
 * or that sends a byte now and then without ever finishing its preamble, header or request. Stock clients open a
 * new connection for their next call. The check runs on the connection's own event loop.
 *
 * <p>A check that runs late says that event loop was busy, so what the client sent meanwhile may still wait unread
 * in the socket: such a check closes nothing, and the next one, a period later, decides.
 */
final class IdleConnectionCloser extends ChannelInboundHandlerAdapter {
  private static final Logger LOG = LoggerFactory.getLogger(IdleConnectionCloser.class);
  private static final long MIN_CHECK_MILLIS = 50;

  private final ConnectionActivity activity;
  private final long idleMillis;
  private final long idleNanos;
  private final long periodNanos;
  private long lastCheckNanos;
  private ScheduledFuture<?> check;

  IdleConnectionCloser(ConnectionActivity activity, long idleMillis) {
    this.activity = activity;
    this.idleMillis = idleMillis;
    this.idleNanos = TimeUnit.MILLISECONDS.toNanos(idleMillis);
    this.periodNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(MIN_CHECK_MILLIS, idleMillis / 4));
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    activeSince(System.nanoTime());
    // With a fixed delay, a stalled loop does not run the missed checks back to back once it is free again.
    check = ctx.executor().scheduleWithFixedDelay(() -> closeIfIdle(ctx), periodNanos, periodNanos,
        TimeUnit.NANOSECONDS);
    super.channelActive(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    if (check != null) {
      check.cancel(false);
    }
    super.channelInactive(ctx);
  }

  /** Whether a check at {@code nowNanos} closes the connection: it is idle, and this check is not late. */
  boolean closeDue(long nowNanos) {
    boolean late = nowNanos - lastCheckNanos > 2 * periodNanos;
    lastCheckNanos = nowNanos;
    return !late && activity.idleFor(idleNanos, nowNanos);
  }

  /** Starts the checks' clock: the connection became active at {@code nowNanos} (tests call it without a channel). */
  void activeSince(long nowNanos) {
    lastCheckNanos = nowNanos;
  }

  long periodNanos() {
    return periodNanos;
  }

  private void closeIfIdle(ChannelHandlerContext ctx) {
    if (ctx.channel().isOpen() && closeDue(System.nanoTime())) {
      LOG.debug("Closing connection from {}: nothing completed for {} ms", ctx.channel().remoteAddress(),
          idleMillis);
      check.cancel(false);
      ctx.close();
    }
  }
}
