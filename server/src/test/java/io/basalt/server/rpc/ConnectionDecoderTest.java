package io.basalt.server.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.auth.ServerSecurity;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ConnectionHeader;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ResponseHeader;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.UserInformation;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RegistryProtos.GetConnectionRegistryResponse;
import org.junit.jupiter.api.Test;

/** The connection state machine byte by byte: preambles, connection header, request frames and their limits. */
class ConnectionDecoderTest {
  private static final String CLUSTER_ID = "test-cluster";
  private static final int MAX_REQUEST = 1024;

  private final EmbeddedChannel channel = new EmbeddedChannel(
      new ConnectionDecoder(CLUSTER_ID, MAX_REQUEST, new ConnectionActivity(0), ServerSecurity.none()));

  @Test
  void registryPreambleIsAnsweredWithTheClusterIdAndTheSocketClosed() throws IOException {
    channel.writeInbound(Unpooled.wrappedBuffer(ascii("Regist")));
    Response response = readResponse();
    assertEquals(-1, response.header.getCallId());
    assertFalse(response.header.hasException());
    assertEquals(CLUSTER_ID, GetConnectionRegistryResponse.parseDelimitedFrom(response.body).getClusterId());
    assertFalse(channel.isOpen());
  }

  @Test
  void unknownPreambleGetsTheErrorClientsRecogniseAsAnOldServer() throws IOException {
    channel.writeInbound(Unpooled.wrappedBuffer(ascii("GET / ")));
    Response response = readResponse();
    assertEquals("org.apache.hadoop.hbase.ipc.FatalConnectionException",
        response.header.getException().getExceptionClassName());
    assertTrue(response.header.getException().getStackTrace().startsWith("Expected HEADER="));
    assertFalse(channel.isOpen());
  }

  @Test
  void securityPreambleIsDeclinedAndTheRealPreambleMayFollow() throws IOException {
    channel.writeInbound(Unpooled.wrappedBuffer(ascii("Securi")));
    assertEquals("org.apache.hadoop.hbase.ipc.SecurityNotEnabledException",
        readResponse().header.getException().getExceptionClassName());
    assertTrue(channel.isOpen());
    channel.writeInbound(Unpooled.wrappedBuffer(preamble((byte) 80)));
    channel.writeInbound(Unpooled.wrappedBuffer(connectionHeader("ClientService")));
    assertTrue(channel.isOpen());
  }

  @Test
  void aSaslClientIsToldToFallBackToSimpleAndItsFirstTokenIsDropped() throws IOException {
    // A Kerberos client writes its preamble and first token together, then reads the answer.
    byte[] token = new byte[300];
    Arrays.fill(token, (byte) 0x60);
    channel.writeInbound(Unpooled.wrappedBuffer(preamble((byte) 81), lengthPrefixed(token)));
    ByteBuf reply = channel.readOutbound();
    assertEquals(0, reply.readInt());
    assertEquals(-88, reply.readInt());
    reply.release();
    channel.writeInbound(Unpooled.wrappedBuffer(connectionHeader("ClientService"), requestFrame(3)));
    RpcFrame decoded = channel.readInbound();
    assertEquals("u", decoded.connection().user().name());
    assertTrue(channel.isOpen());
  }

  @Test
  void wrongVersionAndUnknownAuthAreFatal() throws IOException {
    byte[] wrongVersion = preamble((byte) 80);
    wrongVersion[4] = 1;
    channel.writeInbound(Unpooled.wrappedBuffer(wrongVersion));
    assertEquals("org.apache.hadoop.hbase.ipc.WrongVersionException",
        readResponse().header.getException().getExceptionClassName());

    EmbeddedChannel other = new EmbeddedChannel(
      new ConnectionDecoder(CLUSTER_ID, MAX_REQUEST, new ConnectionActivity(0), ServerSecurity.none()));
    other.writeInbound(Unpooled.wrappedBuffer(preamble((byte) 99)));
    ByteBuf out = other.readOutbound();
    assertTrue(out.toString(StandardCharsets.ISO_8859_1).contains("BadAuthException"));
    out.release();
    assertFalse(other.isOpen());
  }

  @Test
  void unknownServiceAndUnsupportedCompressionCloseTheConnection() throws IOException {
    channel.writeInbound(Unpooled.wrappedBuffer(preamble((byte) 80)));
    channel.writeInbound(Unpooled.wrappedBuffer(connectionHeader("RegionServerStatusService")));
    assertTrue(readResponse().header.getException().getStackTrace()
        .contains("Unknown service RegionServerStatusService"));
    assertFalse(channel.isOpen());

    EmbeddedChannel compressed = new EmbeddedChannel(
      new ConnectionDecoder(CLUSTER_ID, MAX_REQUEST, new ConnectionActivity(0), ServerSecurity.none()));
    compressed.writeInbound(Unpooled.wrappedBuffer(preamble((byte) 80)));
    ConnectionHeader header = ConnectionHeader.newBuilder().setServiceName("ClientService")
        .setUserInfo(UserInformation.newBuilder().setEffectiveUser("u"))
        .setCellBlockCompressorClass("org.apache.hadoop.io.compress.GzipCodec").build();
    compressed.writeInbound(Unpooled.wrappedBuffer(lengthPrefixed(header.toByteArray())));
    ByteBuf out = compressed.readOutbound();
    assertTrue(out.toString(StandardCharsets.ISO_8859_1).contains("UnsupportedCompressionCodecException"));
    out.release();
  }

  @Test
  void framesArriveWholeEvenWhenBytesTrickleIn() throws IOException {
    channel.writeInbound(Unpooled.wrappedBuffer(preamble((byte) 80)));
    channel.writeInbound(Unpooled.wrappedBuffer(connectionHeader("ClientService")));
    byte[] frame = requestFrame(7);
    for (byte b : frame) {
      channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
    }
    RpcFrame decoded = channel.readInbound();
    assertEquals(frame.length - 4, decoded.bytes().length);
    assertEquals("ClientService", decoded.connection().serviceName());
    assertEquals("u", decoded.connection().user().name());
    assertNull(channel.readInbound());
  }

  @Test
  void aFrameOfNearlyTwoGigabytesUnderAMaximumThatAllowsItIsWaitedForNotReadPastItsBytes() throws IOException {
    EmbeddedChannel unlimited = new EmbeddedChannel(
        new ConnectionDecoder(CLUSTER_ID, Integer.MAX_VALUE, new ConnectionActivity(0), ServerSecurity.none()));
    unlimited.writeInbound(Unpooled.wrappedBuffer(preamble((byte) 80)));
    unlimited.writeInbound(Unpooled.wrappedBuffer(connectionHeader("ClientService")));
    // 4 + (2^31 - 2) wraps to a negative int: compared that way the frame would look complete at once.
    unlimited.writeInbound(Unpooled.buffer().writeInt(Integer.MAX_VALUE - 1).writeBytes(new byte[16]));
    assertNull(unlimited.readInbound());
    assertTrue(unlimited.isOpen());
    unlimited.finishAndReleaseAll();
  }

  @Test
  void eachFrameCountsTheFramesAlreadyWaitingBehindIt() throws IOException {
    channel.writeInbound(Unpooled.wrappedBuffer(preamble((byte) 80)));
    channel.writeInbound(Unpooled.wrappedBuffer(connectionHeader("ClientService")));
    ByteArrayOutputStream arrived = new ByteArrayOutputStream();
    for (int call = 0; call < RpcFrame.FRAMES_BEHIND_COUNTED + 3; call++) {
      arrived.write(requestFrame(call));
    }
    byte[] last = requestFrame(99);
    arrived.write(last, 0, 6); // the last frame only begun: its bytes are waiting too
    channel.writeInbound(Unpooled.wrappedBuffer(arrived.toByteArray()));
    int whole = RpcFrame.FRAMES_BEHIND_COUNTED + 3;
    for (int call = 0; call < whole; call++) {
      RpcFrame decoded = channel.readInbound();
      assertEquals(Math.min(RpcFrame.FRAMES_BEHIND_COUNTED, whole - call), decoded.framesBehind(), "call " + call);
    }
    assertNull(channel.readInbound());
    channel.writeInbound(Unpooled.wrappedBuffer(last, 6, last.length - 6));
    RpcFrame completed = channel.readInbound();
    assertEquals(0, completed.framesBehind());
  }

  @Test
  void oversizedFrameIsRefusedUnderItsCallIdWithoutBufferingIt() throws IOException {
    channel.writeInbound(Unpooled.wrappedBuffer(preamble((byte) 80)));
    channel.writeInbound(Unpooled.wrappedBuffer(connectionHeader("ClientService")));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(100 * MAX_REQUEST);
    RequestHeader.newBuilder().setCallId(42).setMethodName("Get").setRequestParam(true).build()
        .writeDelimitedTo(out);
    out.write(new byte[2 * MAX_REQUEST]);
    channel.writeInbound(Unpooled.wrappedBuffer(bytes.toByteArray()));
    Response response = readResponse();
    assertEquals(42, response.header.getCallId());
    assertEquals("org.apache.hadoop.hbase.exceptions.RequestTooBigException",
        response.header.getException().getExceptionClassName());
    assertFalse(channel.isOpen());
  }

  private record Response(ResponseHeader header, ByteBufInputStream body) {}

  private Response readResponse() throws IOException {
    ByteBuf frame = channel.readOutbound();
    int length = frame.readInt();
    assertEquals(length, frame.readableBytes());
    ByteBufInputStream in = new ByteBufInputStream(frame, true);
    return new Response(ResponseHeader.parseDelimitedFrom(in), in);
  }

  private static byte[] preamble(byte auth) {
    return new byte[] {'H', 'B', 'a', 's', 0, auth};
  }

  private static byte[] connectionHeader(String service) throws IOException {
    ConnectionHeader header = ConnectionHeader.newBuilder().setServiceName(service)
        .setUserInfo(UserInformation.newBuilder().setEffectiveUser("u"))
        .setCellBlockCodecClass("org.apache.hadoop.hbase.codec.KeyValueCodec").build();
    return lengthPrefixed(header.toByteArray());
  }

  private static byte[] requestFrame(int callId) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    RequestHeader.newBuilder().setCallId(callId).setMethodName("Get").setRequestParam(true).build()
        .writeDelimitedTo(body);
    ClientProtos.GetRequest.getDefaultInstance().writeDelimitedTo(body);
    return lengthPrefixed(body.toByteArray());
  }

  private static byte[] lengthPrefixed(byte[] payload) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(payload.length);
    out.write(payload);
    return bytes.toByteArray();
  }

  @Test
  void messagesQuotingClientBytesAreLoggedEscapedAndCapped() {
    String quoted = "'=' expected after key: " + (char) 0 + (char) 0xfffd + "q";
    assertEquals("'=' expected after key: \\u0000\\ufffdq", ConnectionAuthentication.printable(quoted));
    String logged = ConnectionAuthentication.printable("x".repeat(10_000));
    assertEquals(303, logged.length());
    assertTrue(logged.endsWith("..."));
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
