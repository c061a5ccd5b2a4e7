package io.basalt.server.auth;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.security.SaslStatus;

/**
 * The server's side of the SASL handshake on the wire: raw replies, not RPC frames. A challenge is the status
 * SUCCESS and the token behind its int32 length; a failure is the status ERROR and the exception's class name and
 * message, each an int32 byte length and UTF-8 (Hadoop's {@code WritableUtils.writeString}), which the client
 * rethrows as a RemoteException of that class.
 */
public final class SaslReplies {
  private SaslReplies() {}

  public static ByteBuf challenge(ByteBufAllocator alloc, byte[] token) {
    ByteBuf reply = alloc.buffer(2 * Integer.BYTES + token.length);
    return reply.writeInt(SaslStatus.SUCCESS.state).writeInt(token.length).writeBytes(token);
  }

  /** A failure; the client's decoder refuses empty strings, so an exception without a message sends its class. */
  public static ByteBuf failure(ByteBufAllocator alloc, Throwable error) {
    String type = error.getClass().getName();
    String message = error.getMessage() == null || error.getMessage().isEmpty() ? type : error.getMessage();
    return failure(alloc, type, message);
  }

  public static ByteBuf failure(ByteBufAllocator alloc, String type, String message) {
    byte[] typeBytes = type.getBytes(StandardCharsets.UTF_8);
    byte[] messageBytes = message.getBytes(StandardCharsets.UTF_8);
    ByteBuf reply = alloc.buffer(3 * Integer.BYTES + typeBytes.length + messageBytes.length);
    return reply.writeInt(SaslStatus.ERROR.state)
        .writeInt(typeBytes.length).writeBytes(typeBytes)
        .writeInt(messageBytes.length).writeBytes(messageBytes);
  }
}
