package io.basalt.server.tls;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sits after the TLS handler and turns a failed handshake (an untrusted or expired certificate, no certificate
 * where one is needed, a plaintext client on a TLS-only port, garbage) into one line in the log naming the peer and
 * the reason, and a closed connection. Without it the failure reaches the RPC handlers as an unexpected error with a
 * stack trace. TLS errors after the handshake are logged the same way, at debug.
 */
final class HandshakeFailures extends ChannelInboundHandlerAdapter {
  static final String NAME = "tls-failures";
  private static final Logger LOG = LoggerFactory.getLogger(HandshakeFailures.class);

  private final String port;

  HandshakeFailures(String port) {
    this.port = port;
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (event instanceof SslHandshakeCompletionEvent completion && !completion.isSuccess()) {
      LOG.info("TLS handshake on the {} port with {} failed: {}", port, ctx.channel().remoteAddress(),
          reason(completion.cause()));
      ctx.close();
      return;
    }
    super.userEventTriggered(ctx, event);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
    if (cause instanceof DecoderException && cause.getCause() instanceof SSLException tls) {
      LOG.debug("TLS error on the {} port with {}: {}", port, ctx.channel().remoteAddress(), reason(tls));
      ctx.close();
      return;
    }
    super.exceptionCaught(ctx, cause);
  }

  /** The innermost message: the JDK wraps "PKIX path validation failed" and the like in several layers. */
  private static String reason(Throwable failure) {
    if (failure instanceof NotSslRecordException) {
      // Its message is a hex dump of everything the client sent.
      return "the client did not speak TLS (a plaintext client on a port refusing plaintext?)";
    }
    Throwable innermost = failure;
    while (innermost.getCause() != null && innermost.getCause() != innermost) {
      innermost = innermost.getCause();
    }
    String message = innermost.getMessage() == null ? innermost.getClass().getSimpleName() : innermost.getMessage();
    return innermost == failure ? message : failure.getMessage() + " (" + message + ")";
  }
}
