package io.basalt.conformance.security;

import static io.basalt.conformance.security.FuzzBytes.concat;
import static io.basalt.conformance.security.FuzzBytes.flipBytes;
import static io.basalt.conformance.security.FuzzBytes.randomBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.tools.cert.HBaseTlsProperties;
import io.basalt.tools.cert.StoreType;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed TLS exchanges against the RPC port, on a port that also takes plaintext and on one that takes TLS only:
 * records with random contents, a real ClientHello cut short or with bytes flipped, a record announcing more than
 * it carries, plaintext garbage, and a completed handshake followed by bytes that are not TLS records. Each
 * client half-closes its connection when it has sent everything, and the server must close it then too. Afterwards
 * the server is up, serves a stock client, and has logged no unexpected error.
 * {@code -Dbasalt.tls.fuzz.exchanges=N} runs N per port (default 500) and
 * {@code -Dbasalt.tls.fuzz.seed=S} repeats a run.
 */
class TlsHandshakeFuzzTest {
  /** Per port: 1,000 in all by default, some 10 s on two cores; more with the property. */
  private static final int EXCHANGES = Integer.getInteger("basalt.tls.fuzz.exchanges", 500);
  private static final long SEED = Long.getLong("basalt.tls.fuzz.seed", System.nanoTime());
  private static final int READ_TIMEOUT_MILLIS = 5_000;
  private static final int KINDS = 7;

  @TempDir
  Path dir;

  @ParameterizedTest(name = "plaintext accepted too: {0}")
  @ValueSource(booleans = {true, false})
  void malformedHandshakesLeaveTheServerServing(boolean plaintextToo) throws Exception {
    TlsMaterial material = TlsMaterial.create(dir);
    Path trust = material.trustStore("trust", material.ca, StoreType.PKCS12);
    Path clientKeys = material.keyStore("client", material.client, StoreType.PKCS12);
    Map<String, String> site = material.serverSite(StoreType.PKCS12);
    site.put("hbase.server.netty.tls.supportplaintext", Boolean.toString(plaintextToo));
    String name = "tls-fuzz-" + (plaintextToo ? "dual" : "tls-only");
    try (BasaltProcess basalt = TlsServers.start(dir, name, site)) {
      InetSocketAddress rpc = new InetSocketAddress("127.0.0.1", Integer.parseInt(
          basalt.rpcAddress().substring(basalt.rpcAddress().lastIndexOf(':') + 1)));
      SSLContext client = context(clientKeys, trust);
      Random random = new Random(SEED);
      System.out.println("TLS handshake fuzz on " + name + ": " + EXCHANGES + " exchanges, -Dbasalt.tls.fuzz.seed="
          + SEED);
      int[] kinds = new int[KINDS];
      int leftOpen = 0;
      for (int i = 0; i < EXCHANGES; i++) {
        int kind = random.nextInt(KINDS);
        kinds[kind]++;
        if (!exchange(kind, rpc, client, random)) {
          leftOpen++;
        }
      }
      assertTrue(basalt.isAlive(), "Basalt died during the fuzz run (seed " + SEED + ")");
      assertEquals(0, leftOpen, "connections the server kept open after the client had finished sending (seed "
          + SEED + ")");
      TlsClients.roundTrip(TlsClients.config(basalt, HBaseTlsProperties.client(clientKeys, trust,
          StoreType.PKCS12, TlsMaterial.PASSWORD)));
      List<String> unexpected = FuzzBytes.unexpectedLines(basalt);
      assertEquals(List.of(), unexpected, "seed " + SEED + ", exchanges of each kind " + Arrays.toString(kinds));
    }
  }

  /** Sends one malformed exchange and half-closes; false if the server then neither closed nor answered. */
  private static boolean exchange(int kind, InetSocketAddress rpc, SSLContext client, Random random)
      throws Exception {
    byte[] bytes = switch (kind) {
      case 0 -> record(randomBytes(random, random.nextInt(600)));
      case 1 -> truncate(clientHello(client, rpc), random);
      case 2 -> flipBytes(clientHello(client, rpc), random);
      case 3 -> concat(new byte[] {22, 3, 3, (byte) 0xff, (byte) 0xff}, randomBytes(random, random.nextInt(64)));
      case 4 -> randomBytes(random, 1 + random.nextInt(300));
      case 5 -> concat(clientHello(client, rpc), record(randomBytes(random, random.nextInt(200))));
      default -> randomBytes(random, 1 + random.nextInt(200));
    };
    return FuzzBytes.exchange(rpc, READ_TIMEOUT_MILLIS, socket -> {
      if (kind == 6) {
        // A real handshake, then the bytes on the same connection, outside any TLS record.
        SSLSocket tls = (SSLSocket) client.getSocketFactory().createSocket(socket, "localhost", rpc.getPort(),
            false);
        tls.startHandshake();
      }
      socket.getOutputStream().write(bytes);
    });
  }

  private static byte[] clientHello(SSLContext client, InetSocketAddress rpc) throws IOException {
    SSLEngine engine = client.createSSLEngine("localhost", rpc.getPort());
    engine.setUseClientMode(true);
    ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
    engine.wrap(ByteBuffer.allocate(0), out);
    out.flip();
    byte[] hello = new byte[out.remaining()];
    out.get(hello);
    return hello;
  }

  private static byte[] record(byte[] body) {
    return concat(new byte[] {22, 3, 3, (byte) (body.length >> 8), (byte) body.length}, body);
  }

  private static byte[] truncate(byte[] bytes, Random random) {
    return Arrays.copyOf(bytes, 1 + random.nextInt(bytes.length - 1));
  }

  private static SSLContext context(Path keyStore, Path trustStore) throws Exception {
    KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keys.init(load(keyStore), TlsMaterial.PASSWORD.toCharArray());
    TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(load(trustStore));
    SSLContext context = SSLContext.getInstance("TLSv1.2");
    context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
    return context;
  }

  private static KeyStore load(Path file) throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, TlsMaterial.PASSWORD.toCharArray());
    }
    return store;
  }
}
