package io.basalt.server.rpc;

import io.basalt.hbase.rpc.ScannerQuota;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Hands decoded request frames to the handler pool, with what the pool must know of their connection. */
final class CallHandler extends SimpleChannelInboundHandler<RpcFrame> {
  private static final Logger LOG = LoggerFactory.getLogger(CallHandler.class);

  private final CallRunner runner;
  private final ConnectionActivity activity;
  private final ScannerQuota scanners;

  CallHandler(CallRunner runner, ConnectionActivity activity, ScannerQuota scanners) {
    this.runner = runner;
    this.activity = activity;
    this.scanners = scanners;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, RpcFrame frame) {
    runner.submit(ctx.channel(), frame, activity, scanners);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof IOException) {
      LOG.debug("Connection from {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
    } else {
      LOG.warn("Closing connection from {} after an unexpected error", ctx.channel().remoteAddress(), cause);
    }
    ctx.close();
  }
}
