package io.basalt.server.auth;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;
import java.util.List;

/**
 * Wraps every answer written after a handshake that negotiated integrity or privacy into one SASL packet (int32
 * length, then the wrapped bytes), the framing HBase clients unwrap. Each write is one packet, as HBase's server
 * sends them: a response frame is written whole, so a client never waits on a packet holding half of one.
 */
public final class SaslWrapEncoder extends MessageToMessageEncoder<ByteBuf> {
  public static final String NAME = "sasl-wrap";

  private final SaslExchange exchange;

  public SaslWrapEncoder(SaslExchange exchange) {
    this.exchange = exchange;
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, ByteBuf plain, List<Object> out) throws Exception {
    byte[] wrapped = exchange.wrap(ByteBufUtil.getBytes(plain));
    out.add(ctx.alloc().buffer(Integer.BYTES + wrapped.length).writeInt(wrapped.length).writeBytes(wrapped));
  }
}
