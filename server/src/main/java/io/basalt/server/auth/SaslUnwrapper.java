package io.basalt.server.auth;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import javax.security.sasl.SaslException;

/**
 * The inbound half of SASL integrity and privacy: takes the complete packets (int32 length, wrapped bytes) off a
 * connection's buffer and appends what they unwrap to into a stream of plain bytes, which is then read like any
 * connection's. Packet boundaries carry no meaning: a client's packet may hold part of a frame or several frames.
 * Packets larger than the negotiated buffer size are accepted, as HBase's clients write whole frames whatever it is.
 */
public final class SaslUnwrapper implements AutoCloseable {
  private final SaslExchange exchange;
  private final int maxPacket;
  private final ByteBuf plain;

  /** @param maxPacket the largest packet accepted, in bytes */
  public SaslUnwrapper(SaslExchange exchange, int maxPacket, ByteBufAllocator alloc) {
    this.exchange = exchange;
    this.maxPacket = maxPacket;
    this.plain = alloc.buffer();
  }

  /**
   * Unwraps every complete packet in {@code wrapped} (leaving a partial one there) and returns the plain bytes not
   * yet read, this unwrapper's own buffer.
   *
   * @throws SaslException when a packet is out of range or does not unwrap (tampered with, or out of sequence)
   */
  public ByteBuf unwrap(ByteBuf wrapped) throws SaslException {
    while (wrapped.readableBytes() >= Integer.BYTES) {
      int length = wrapped.getInt(wrapped.readerIndex());
      if (length < 0 || length > maxPacket) {
        throw new SaslException("SASL packet length " + length + " is out of range (at most " + maxPacket + ")");
      }
      if (wrapped.readableBytes() - Integer.BYTES < length) {
        break;
      }
      wrapped.skipBytes(Integer.BYTES);
      byte[] packet = new byte[length];
      wrapped.readBytes(packet);
      plain.writeBytes(exchange.unwrap(packet));
    }
    plain.discardSomeReadBytes();
    return plain;
  }

  @Override
  public void close() {
    plain.release();
    exchange.close();
  }
}
