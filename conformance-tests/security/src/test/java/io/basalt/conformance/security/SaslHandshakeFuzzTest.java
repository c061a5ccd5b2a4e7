package io.basalt.conformance.security;

import static io.basalt.conformance.security.FuzzBytes.concat;
import static io.basalt.conformance.security.FuzzBytes.flipBytes;
import static io.basalt.conformance.security.FuzzBytes.randomBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.kerberos.TestKdc;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed SASL exchanges against a Kerberos server's RPC port: random and cut tokens, real Kerberos AP-REQs with
 * bytes flipped or cut short, lengths out of range, DIGEST-MD5 answers that are garbage, the Securi preamble
 * followed by garbage, and a handshake completed with privacy followed by packets that do not unwrap or unwrap to
 * garbage. Each client half-closes its connection when it has sent everything, and the server must close it then
 * too. Afterwards the server is up, serves a stock Kerberos client, and has logged no unexpected error and none
 * of the bytes clients sent unescaped.
 * {@code -Dbasalt.sasl.fuzz.exchanges=N} runs N (default 1,000) and {@code -Dbasalt.sasl.fuzz.seed=S} repeats a run.
 */
class SaslHandshakeFuzzTest {
  private static final int EXCHANGES = Integer.getInteger("basalt.sasl.fuzz.exchanges", 1_000);
  private static final long SEED = Long.getLong("basalt.sasl.fuzz.seed", System.nanoTime());
  private static final int READ_TIMEOUT_MILLIS = 5_000;
  private static final byte[] KERBEROS = {'H', 'B', 'a', 's', 0, 81};
  private static final byte[] DIGEST = {'H', 'B', 'a', 's', 0, 82};
  private static final int KINDS = 9;

  @TempDir
  Path dir;

  @Test
  void malformedSaslExchangesLeaveTheServerServing() throws Exception {
    TestKdc kdc = TestKdc.start(dir.resolve("kdc"));
    try {
      UserGroupInformation alice = TestKdc.login("alice", kdc.keytab("alice"));
      Map<String, String> site =
          KerberosSites.server(kdc.keytab("hbase/localhost"), "privacy,integrity,authentication");
      try (BasaltProcess basalt = TlsServers.start(dir, "sasl-fuzz", site, kdc.jvmOptions())) {
        InetSocketAddress rpc = new InetSocketAddress("127.0.0.1", Integer.parseInt(
            basalt.rpcAddress().substring(basalt.rpcAddress().lastIndexOf(':') + 1)));
        Random random = new Random(SEED);
        System.out.println("SASL handshake fuzz: " + EXCHANGES + " exchanges, -Dbasalt.sasl.fuzz.seed=" + SEED);
        int[] kinds = new int[KINDS];
        int leftOpen = 0;
        for (int i = 0; i < EXCHANGES; i++) {
          int kind = random.nextInt(KINDS);
          kinds[kind]++;
          if (!alice.doAs((PrivilegedExceptionAction<Boolean>) () -> exchange(kind, rpc, random))) {
            leftOpen++;
          }
        }
        assertTrue(basalt.isAlive(), "Basalt died during the fuzz run (seed " + SEED + ")");
        assertEquals(0, leftOpen, "connections the server kept open after the client had finished sending (seed "
            + SEED + ", exchanges of each kind " + Arrays.toString(kinds) + ")");
        KerberosAuthenticationTest.as(alice,
            () -> TlsClients.roundTrip(KerberosSites.client(basalt, "privacy")));
        List<String> unexpected = FuzzBytes.unexpectedLines(basalt);
        assertEquals(List.of(), unexpected, "seed " + SEED + ", exchanges of each kind " + Arrays.toString(kinds));
      }
    } finally {
      kdc.close();
    }
  }

  /** One malformed exchange, then a half-close; false if the server then neither closed nor answered. */
  private static boolean exchange(int kind, InetSocketAddress rpc, Random random) throws Exception {
    return FuzzBytes.exchange(rpc, READ_TIMEOUT_MILLIS, socket -> {
      DataOutputStream out = new DataOutputStream(socket.getOutputStream());
      switch (kind) {
        case 0 -> out.write(concat(KERBEROS, randomBytes(random, random.nextInt(300))));
        case 1 -> out.write(concat(KERBEROS, token(randomBytes(random, random.nextInt(600)))));
        case 2 -> out.write(concat(KERBEROS, token(flipBytes(initialToken(), random))));
        case 3 -> {
          byte[] token = token(initialToken());
          out.write(concat(KERBEROS, Arrays.copyOf(token, 1 + random.nextInt(token.length - 1))));
        }
        case 4 -> out.write(concat(KERBEROS, ByteBuffer.allocate(4)
            .putInt(random.nextBoolean() ? -1 - random.nextInt(1000) : (2 << 20) + random.nextInt(1 << 20))
            .array()));
        case 5 -> out.write(concat(DIGEST,
            concat(token(new byte[0]), token(randomBytes(random, random.nextInt(300))))));
        case 6 -> out.write(concat("Securi".getBytes(StandardCharsets.US_ASCII),
            randomBytes(random, random.nextInt(100))));
        default -> {
          // A real handshake negotiating privacy, then packets that do not unwrap (7) or unwrap to garbage (8).
          SaslClient client = handshake(socket, out);
          byte[] garbage = randomBytes(random, 1 + random.nextInt(300));
          out.write(token(kind == 7 ? garbage : client.wrap(garbage, 0, garbage.length)));
        }
      }
    });
  }

  /** The GSSAPI client's first token for the server: a Kerberos AP-REQ, as the caller (alice). */
  private static byte[] initialToken() throws IOException {
    return newClient().evaluateChallenge(new byte[0]);
  }

  private static SaslClient newClient() throws IOException {
    return Sasl.createSaslClient(new String[] {"GSSAPI"}, null, "hbase", "localhost",
        Map.of(Sasl.QOP, "auth-conf", Sasl.SERVER_AUTH, "true"), null);
  }

  /** Authenticates on {@code socket} as an HBase client does, up to the point it would send its header. */
  private static SaslClient handshake(Socket socket, DataOutputStream out) throws IOException {
    SaslClient client = newClient();
    out.write(KERBEROS);
    out.write(token(client.evaluateChallenge(new byte[0])));
    out.flush();
    DataInputStream in = new DataInputStream(socket.getInputStream());
    while (!client.isComplete()) {
      int status = in.readInt();
      byte[] challenge = new byte[in.readInt()];
      in.readFully(challenge);
      if (status != 0) {
        throw new IOException("the server refused a well-formed handshake: " + new String(challenge,
            StandardCharsets.UTF_8));
      }
      byte[] response = client.evaluateChallenge(challenge);
      if (response != null) {
        out.write(token(response));
        out.flush();
      }
    }
    return client;
  }

  private static byte[] token(byte[] body) {
    return ByteBuffer.allocate(4 + body.length).putInt(body.length).put(body).array();
  }
}
