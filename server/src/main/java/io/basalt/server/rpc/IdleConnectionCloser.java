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
 */
final class IdleConnectionCloser extends ChannelInboundHandlerAdapter {
  private static final Logger LOG = LoggerFactory.getLogger(IdleConnectionCloser.class);
  private static final long MIN_CHECK_MILLIS = 50;

  private final ConnectionActivity activity;
  private final long idleMillis;
  private ScheduledFuture<?> check;

  IdleConnectionCloser(ConnectionActivity activity, long idleMillis) {
    this.activity = activity;
    this.idleMillis = idleMillis;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    long period = Math.max(MIN_CHECK_MILLIS, idleMillis / 4);
    check = ctx.executor().scheduleAtFixedRate(() -> closeIfIdle(ctx), period, period, TimeUnit.MILLISECONDS);
    super.channelActive(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    if (check != null) {
      check.cancel(false);
    }
    super.channelInactive(ctx);
  }

  private void closeIfIdle(ChannelHandlerContext ctx) {
    if (ctx.channel().isOpen() && activity.idleFor(TimeUnit.MILLISECONDS.toNanos(idleMillis), System.nanoTime())) {
      LOG.debug("Closing connection from {}: nothing completed for {} ms", ctx.channel().remoteAddress(),
          idleMillis);
      check.cancel(false);
      ctx.close();
    }
  }
}
