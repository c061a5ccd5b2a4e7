package io.basalt.server.rpc;

import io.basalt.hbase.security.RequestUser;
import io.basalt.server.auth.SaslUnwrapper;
import io.basalt.server.auth.ServerSecurity;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import javax.security.sasl.SaslException;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.exceptions.RequestTooBigException;
import org.apache.hadoop.hbase.ipc.BadAuthException;
import org.apache.hadoop.hbase.ipc.FatalConnectionException;
import org.apache.hadoop.hbase.ipc.SecurityNotEnabledException;
import org.apache.hadoop.hbase.ipc.UnsupportedCellCodecException;
import org.apache.hadoop.hbase.ipc.UnsupportedCompressionCodecException;
import org.apache.hadoop.hbase.ipc.WrongVersionException;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ConnectionHeader;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.SecurityPreamableResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RegistryProtos.GetConnectionRegistryResponse;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.protobuf.CodedInputStream;
import org.apache.hbase.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The life of one client socket up to its request frames: the 6-byte preamble ({@code HBas} plus version and auth
 * byte, or the {@code Regist} and {@code Securi} special preambles), with Kerberos the SASL handshake, the
 * length-prefixed ConnectionHeader, then length-prefixed request frames handed on as {@link RpcFrame}s. Anything
 * malformed gets a connection-level error frame and the socket is closed; nothing is allocated for a frame larger
 * than the configured maximum. When the handshake negotiated integrity or privacy, everything after it arrives in
 * SASL packets, which are unwrapped into a plain stream read the same way.
 */
final class ConnectionDecoder extends ByteToMessageDecoder {
  private static final Logger LOG = LoggerFactory.getLogger(ConnectionDecoder.class);
  private static final byte[] HBASE_PREAMBLE = "HBas".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] REGISTRY_PREAMBLE = "Regist".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SECURITY_PREAMBLE = "Securi".getBytes(StandardCharsets.US_ASCII);
  private static final int PREAMBLE_LENGTH = 6;
  private static final byte RPC_VERSION = 0;
  private static final byte AUTH_SIMPLE = ConnectionAuthentication.AUTH_SIMPLE;
  private static final byte AUTH_KERBEROS = ConnectionAuthentication.AUTH_KERBEROS;
  private static final byte AUTH_DIGEST = ConnectionAuthentication.AUTH_DIGEST;
  /** SaslUtil.SWITCH_TO_SIMPLE_AUTH: tells a SASL client this server only does SIMPLE authentication. */
  private static final int SWITCH_TO_SIMPLE_AUTH = -88;
  private static final int MAX_CONNECTION_HEADER = 1 << 20;
  /** The longest varint protobuf reads (a 64-bit one; a 32-bit length takes its low bits). */
  private static final int MAX_VARINT_BYTES = 10;
  /** How much of an oversized frame is examined to find its call id. */
  private static final int OVERSIZED_HEADER_PEEK = 64 * 1024;
  private static final Set<String> SERVICES =
      Set.of("ClientService", "AdminService", "MasterService", "ClientMetaService", "HbckService");

  private enum State { PREAMBLE, SKIPPED_SASL_TOKEN, SASL, HEADER, CALLS, CLOSED }

  private final String clusterId;
  private final int maxRequestSize;
  private final ConnectionActivity activity;
  private final ConnectionAuthentication authentication;
  private State state = State.PREAMBLE;
  private ConnectionInfo connection;
  private SaslUnwrapper unwrapper;

  /**
   * @param activity told each time the preamble, a SASL token, the connection header or a request frame is
   *     complete
   * @param security how clients are authenticated
   */
  ConnectionDecoder(String clusterId, int maxRequestSize, ConnectionActivity activity, ServerSecurity security) {
    this.clusterId = clusterId;
    this.maxRequestSize = maxRequestSize;
    this.activity = activity;
    this.authentication = new ConnectionAuthentication(security, maxRequestSize);
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
    if (unwrapper == null) {
      decodeNext(ctx, in, out);
      return;
    }
    ByteBuf plain;
    try {
      plain = unwrapper.unwrap(in);
    } catch (SaslException e) {
      fail(ctx, FatalConnectionException.class, "cannot unwrap a SASL packet: " + e.getMessage());
      return;
    }
    // All of the plain bytes are read now: the caller calls again only once more wrapped bytes have arrived.
    int before;
    do {
      before = plain.readableBytes();
      decodeNext(ctx, plain, out);
    } while (state != State.CLOSED && plain.readableBytes() < before);
  }

  private void decodeNext(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    switch (state) {
      case PREAMBLE -> decodePreamble(ctx, in);
      case SKIPPED_SASL_TOKEN -> skipSaslToken(ctx, in);
      case SASL -> decodeSaslToken(ctx, in);
      case HEADER -> decodeConnectionHeader(ctx, in);
      case CALLS -> decodeFrame(ctx, in, out);
      case CLOSED -> in.skipBytes(in.readableBytes());
    }
  }

  private void decodePreamble(ChannelHandlerContext ctx, ByteBuf in) {
    if (in.readableBytes() < PREAMBLE_LENGTH) {
      return;
    }
    byte[] preamble = new byte[PREAMBLE_LENGTH];
    in.readBytes(preamble);
    if (Arrays.equals(preamble, REGISTRY_PREAMBLE)) {
      // RPC connection registries ask for the cluster id on a connection of its own, then hang up.
      GetConnectionRegistryResponse answer = GetConnectionRegistryResponse.newBuilder()
          .setClusterId(clusterId).build();
      state = State.CLOSED;
      ctx.writeAndFlush(Frames.response(ctx.alloc(), Frames.CONNECTION_CALL_ID, answer, null))
          .addListener(ChannelFutureListener.CLOSE);
      return;
    }
    if (Arrays.equals(preamble, SECURITY_PREAMBLE)) {
      // Kerberos clients unsure of the server principal ask for it first; the real preamble follows.
      if (!authentication.required()) {
        ctx.writeAndFlush(Frames.connectionError(ctx.alloc(), SecurityNotEnabledException.class,
            "Security is not enabled on this Basalt server", false));
      } else {
        ctx.writeAndFlush(Frames.response(ctx.alloc(), Frames.CONNECTION_CALL_ID,
            SecurityPreamableResponse.newBuilder().setServerPrincipal(authentication.serverPrincipal()).build(),
            null));
      }
      return;
    }
    if (!Arrays.equals(preamble, 0, HBASE_PREAMBLE.length, HBASE_PREAMBLE, 0, HBASE_PREAMBLE.length)) {
      fail(ctx, FatalConnectionException.class, "Expected HEADER=HBas but received HEADER="
          + Bytes.toStringBinary(preamble, 0, HBASE_PREAMBLE.length) + " from " + ctx.channel().remoteAddress());
      return;
    }
    if (preamble[4] != RPC_VERSION) {
      fail(ctx, WrongVersionException.class, "version " + preamble[4] + " is not supported; Basalt speaks RPC "
          + "version " + RPC_VERSION);
      return;
    }
    byte auth = preamble[5];
    if (authentication.required()) {
      activity.progressed(System.nanoTime());
      ConnectionAuthentication.Step step = authentication.start(ctx, auth);
      if (step == null) {
        fail(ctx, BadAuthException.class, "unknown authentication method code " + auth);
      } else {
        state = State.valueOf(step.name());
      }
      return;
    }
    if (auth == AUTH_KERBEROS || auth == AUTH_DIGEST) {
      // As HBase does with security off: tell the SASL client to fall back to SIMPLE (it must allow that), and
      // drop the first SASL token it sent along with its preamble before it read the answer.
      ByteBuf reply = ctx.alloc().buffer(8);
      reply.writeInt(0).writeInt(SWITCH_TO_SIMPLE_AUTH);
      ctx.writeAndFlush(reply);
      activity.progressed(System.nanoTime());
      state = State.SKIPPED_SASL_TOKEN;
      return;
    } else if (auth != AUTH_SIMPLE) {
      fail(ctx, BadAuthException.class, "unknown authentication method code " + auth);
      return;
    }
    activity.progressed(System.nanoTime());
    state = State.HEADER;
  }

  /** One SASL token of the handshake; at its end, wrapped bytes are unwrapped from then on. */
  private void decodeSaslToken(ChannelHandlerContext ctx, ByteBuf in) {
    ConnectionAuthentication.Step step = authentication.token(ctx, in);
    if (step == ConnectionAuthentication.Step.NEED_MORE) {
      return;
    }
    activity.progressed(System.nanoTime());
    unwrapper = authentication.unwrapper();
    state = State.valueOf(step.name());
  }

  /** A SASL client's first token (int32 length, bytes), sent before it learnt this server wants none. */
  private void skipSaslToken(ChannelHandlerContext ctx, ByteBuf in) {
    if (in.readableBytes() < Integer.BYTES) {
      return;
    }
    int length = in.getInt(in.readerIndex());
    if (length < 0 || length > MAX_CONNECTION_HEADER) {
      fail(ctx, FatalConnectionException.class, "SASL token length " + length + " is out of range");
      return;
    }
    if (in.readableBytes() - Integer.BYTES < length) {
      return;
    }
    in.skipBytes(Integer.BYTES + length);
    state = State.HEADER;
  }

  private void decodeConnectionHeader(ChannelHandlerContext ctx, ByteBuf in) {
    if (in.readableBytes() < Integer.BYTES) {
      return;
    }
    int length = in.getInt(in.readerIndex());
    if (length < 0 || length > MAX_CONNECTION_HEADER) {
      fail(ctx, FatalConnectionException.class, "connection header length " + length + " is out of range");
      return;
    }
    if (in.readableBytes() - Integer.BYTES < length) { // never Integer.BYTES + length: it wraps near 2 GB
      return;
    }
    in.skipBytes(Integer.BYTES);
    byte[] bytes = new byte[length];
    in.readBytes(bytes);
    ConnectionHeader header;
    try {
      header = ConnectionHeader.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      fail(ctx, FatalConnectionException.class, "malformed connection header: " + e.getMessage());
      return;
    }
    if (!SERVICES.contains(header.getServiceName())) {
      fail(ctx, FatalConnectionException.class, "Unknown service " + header.getServiceName()
          + "; Basalt serves " + String.join(", ", SERVICES));
      return;
    }
    if (header.hasCellBlockCompressorClass()) {
      fail(ctx, UnsupportedCompressionCodecException.class, "cell block compression ("
          + header.getCellBlockCompressorClass() + ") is not supported; unset hbase.client.rpc.compressor");
      return;
    }
    Codec codec = null;
    if (header.hasCellBlockCodecClass() && !header.getCellBlockCodecClass().isEmpty()) {
      try {
        codec = CellBlocks.codec(header.getCellBlockCodecClass());
      } catch (IOException e) {
        fail(ctx, UnsupportedCellCodecException.class, e.getMessage());
        return;
      }
    }
    RequestUser user;
    try {
      user = authentication.user(ctx, header.getUserInfo().getEffectiveUser());
    } catch (AccessDeniedException e) {
      fail(ctx, AccessDeniedException.class, e.getMessage());
      return;
    }
    connection = new ConnectionInfo(header.getServiceName(), codec, user,
        String.valueOf(ctx.channel().remoteAddress()));
    activity.progressed(System.nanoTime());
    state = State.CALLS;
  }

  private void decodeFrame(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (in.readableBytes() < Integer.BYTES) {
      return;
    }
    int length = in.getInt(in.readerIndex());
    if (length < 0) {
      fail(ctx, FatalConnectionException.class, "negative request length " + length);
      return;
    }
    if (length > maxRequestSize) {
      rejectOversized(ctx, in, length);
      return;
    }
    if (in.readableBytes() - Integer.BYTES < length) { // never Integer.BYTES + length: it wraps near 2 GB
      return;
    }
    in.skipBytes(Integer.BYTES);
    byte[] frame = new byte[length];
    in.readBytes(frame);
    activity.progressed(System.nanoTime());
    if (authentication.refusal() != null) {
      refuseCall(ctx, frame);
      return;
    }
    out.add(new RpcFrame(frame, connection, framesWaiting(in)));
  }

  /** The frames, whole or begun, left in the buffer: their length prefixes are read without consuming anything. */
  private static int framesWaiting(ByteBuf in) {
    int count = 0;
    long index = in.readerIndex();
    while (count < RpcFrame.FRAMES_BEHIND_COUNTED && index < in.writerIndex()) {
      count++;
      if (in.writerIndex() - index < Integer.BYTES) {
        break;
      }
      index += Integer.BYTES + (long) Math.max(0, in.getInt((int) index));
    }
    return count;
  }

  /** Answers the call in {@code frame} with AccessDeniedException and closes the connection. */
  private void refuseCall(ChannelHandlerContext ctx, byte[] frame) {
    int callId = Frames.CONNECTION_CALL_ID;
    try {
      CodedInputStream stream = CodedInputStream.newInstance(frame);
      callId = RequestHeader.parseFrom(stream.readRawBytes(stream.readRawVarint32())).getCallId();
    } catch (IOException e) {
      LOG.debug("Refused request from {} has an unreadable header; answered under no call",
          ctx.channel().remoteAddress(), e);
    }
    state = State.CLOSED;
    ctx.writeAndFlush(Frames.connectionErrorForCall(ctx.alloc(), callId, AccessDeniedException.class,
        authentication.refusal()))
        .addListener(ChannelFutureListener.CLOSE);
  }

  /**
   * Answers an oversized request with RequestTooBigException under its own call id, read from the request header
   * at the start of the frame (only that much of it is ever buffered), and closes the connection, as HBase does.
   */
  private void rejectOversized(ChannelHandlerContext ctx, ByteBuf in, int length) {
    int available = Math.min(in.readableBytes() - Integer.BYTES, OVERSIZED_HEADER_PEEK);
    byte[] start = ByteBufUtil.getBytes(in, in.readerIndex() + Integer.BYTES, available);
    int callId = Frames.CONNECTION_CALL_ID;
    CodedInputStream header = CodedInputStream.newInstance(start);
    int headerLength = -1;
    try {
      headerLength = header.readRawVarint32();
    } catch (IOException e) { // an array-backed stream fails only with InvalidProtocolBufferException
      if (available < MAX_VARINT_BYTES) {
        return; // the header's length has not fully arrived yet
      }
      // A malformed length: answered under no call id.
    }
    if (headerLength >= 0) {
      long headerEnd = (long) header.getTotalBytesRead() + headerLength;
      if (headerEnd <= available) {
        try {
          callId = RequestHeader.parser().parseFrom(start, header.getTotalBytesRead(), headerLength).getCallId();
        } catch (InvalidProtocolBufferException e) {
          LOG.debug("Oversized request from {} has an unreadable header", ctx.channel().remoteAddress(), e);
        }
      } else if (headerEnd <= OVERSIZED_HEADER_PEEK) {
        return; // the header has not fully arrived yet
      }
    }
    String message = "RPC frame of " + length + " bytes exceeds the maximum of " + maxRequestSize
        + " bytes (hbase.ipc.max.request.size)";
    LOG.warn("Closing connection from {}: {}", ctx.channel().remoteAddress(), message);
    in.skipBytes(in.readableBytes());
    state = State.CLOSED;
    ctx.writeAndFlush(Frames.connectionErrorForCall(ctx.alloc(), callId, RequestTooBigException.class, message))
        .addListener(ChannelFutureListener.CLOSE);
  }

  @Override
  protected void handlerRemoved0(ChannelHandlerContext ctx) {
    authentication.close();
  }

  private void fail(ChannelHandlerContext ctx, Class<? extends IOException> type, String message) {
    LOG.debug("Closing connection from {}: {}", ctx.channel().remoteAddress(), message);
    state = State.CLOSED;
    ctx.writeAndFlush(Frames.connectionError(ctx.alloc(), type, message, true))
        .addListener(ChannelFutureListener.CLOSE);
  }
}
