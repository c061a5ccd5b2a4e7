package io.basalt.conformance.fuzz;

import io.basalt.conformance.rawrpc.RawRpcConnection;
import io.basalt.conformance.rawrpc.RequestFrames;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.Set;

/** Bad input before the first call: the preamble and the connection header. */
final class HandshakeFuzz {
  private static final byte[] MAGIC = "HBas".getBytes(StandardCharsets.US_ASCII);
  private static final Set<String> SPECIAL_PREAMBLES = Set.of("Regist", "Securi");
  private static final Set<String> SERVICES =
      Set.of("ClientService", "AdminService", "MasterService", "ClientMetaService", "HbckService");

  private HandshakeFuzz() {}

  /**
   * Six bytes that are not a preamble Basalt knows, often followed by more: random bytes are refused with the
   * FatalConnectionException clients recognise as an old server; "HBas" with a version other than 0 with
   * WrongVersionException.
   */
  static void wrongPreamble(FuzzTarget target, Random random) throws Exception {
    byte[] preamble = new byte[6];
    boolean wrongVersion = random.nextInt(4) == 0;
    if (wrongVersion) {
      System.arraycopy(MAGIC, 0, preamble, 0, 4);
      preamble[4] = (byte) (1 + random.nextInt(255));
      preamble[5] = (byte) random.nextInt(256);
    } else {
      do {
        random.nextBytes(preamble);
        if (random.nextBoolean()) {
          // Near misses: a real preamble with one byte changed.
          preamble = RequestFrames.preamble();
          preamble[random.nextInt(4)] ^= (byte) (1 + random.nextInt(255));
        }
      } while (Arrays.equals(preamble, 0, 4, MAGIC, 0, 4)
          || SPECIAL_PREAMBLES.contains(new String(preamble, StandardCharsets.ISO_8859_1)));
    }
    try (RawRpcConnection connection = target.connect()) {
      connection.send(withTrailingBytes(preamble, random));
      var response = Expect.connectionError(connection, wrongVersion
          ? "org.apache.hadoop.hbase.ipc.WrongVersionException" : Expect.FATAL);
      if (!wrongVersion) {
        Expect.check(response.exception().getStackTrace().startsWith("Expected HEADER="),
            "the text clients match on an old server: " + response);
      }
    }
  }

  /** "HBas", version 0 and an authentication code that is none of SIMPLE, KERBEROS or DIGEST. */
  static void unknownAuth(FuzzTarget target, Random random) throws Exception {
    byte auth;
    do {
      auth = (byte) random.nextInt(256);
    } while (auth == 80 || auth == 81 || auth == 82);
    byte[] preamble = RequestFrames.preamble();
    preamble[5] = auth;
    try (RawRpcConnection connection = target.connect()) {
      connection.send(withTrailingBytes(preamble, random));
      Expect.connectionError(connection, "org.apache.hadoop.hbase.ipc.BadAuthException");
    }
  }

  /** A well-formed connection header naming a service Basalt does not serve. */
  static void unknownService(FuzzTarget target, Random random) throws Exception {
    String service;
    do {
      service = randomName(random);
    } while (SERVICES.contains(service));
    try (RawRpcConnection connection = target.connect()) {
      connection.send(RequestFrames.preamble());
      connection.send(RequestFrames.connectionHeader(service,
          random.nextBoolean() ? RequestFrames.KEY_VALUE_CODEC : null));
      var response = Expect.connectionError(connection, Expect.FATAL);
      Expect.check(response.exception().getStackTrace().contains("Unknown service " + service),
          "the error names the service: " + response);
    }
  }

  static String randomName(Random random) {
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.";
    StringBuilder name = new StringBuilder();
    int length = 1 + random.nextInt(30);
    for (int i = 0; i < length; i++) {
      name.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return name.toString();
  }

  /** The bytes, sometimes followed by up to 64 random ones in the same write, as a confused client might send. */
  private static byte[] withTrailingBytes(byte[] bytes, Random random) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(bytes);
    if (random.nextBoolean()) {
      byte[] extra = new byte[random.nextInt(65)];
      random.nextBytes(extra);
      out.writeBytes(extra);
    }
    return out.toByteArray();
  }
}
