package io.basalt.server.tls;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslHandler;
import java.util.List;
import java.util.function.Supplier;

/**
 * First handler of a connection on a port serving TLS and plaintext together
 * ({@code hbase.server.netty.tls.supportplaintext}): once the first five bytes are in, a TLS record header makes it
 * replace itself with the TLS handler, anything else (an HBase preamble) makes it step aside; either way the bytes
 * it held go on to the handler now after it. Netty's OptionalSslHandler does the same but wants a context of this
 * server's Netty, and the TLS engines here come from HBase's relocated one (see {@link ServerTls}).
 */
final class TlsOrPlaintext extends ByteToMessageDecoder {
  static final String NAME = "tls-or-plaintext";
  static final String TLS_NAME = "tls";
  /** A TLS record header's length: content type, version, length. */
  private static final int RECORD_HEADER_BYTES = 5;

  private final Supplier<SslHandler> tls;

  TlsOrPlaintext(Supplier<SslHandler> tls) {
    this.tls = tls;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (in.readableBytes() < RECORD_HEADER_BYTES) {
      return;
    }
    if (SslHandler.isEncrypted(in, false)) {
      ctx.pipeline().replace(this, TLS_NAME, tls.get());
    } else {
      ctx.pipeline().remove(this);
    }
  }
}
