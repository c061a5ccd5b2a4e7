package io.basalt.server.tls;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.ssl.SslHandler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLEngine;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.exceptions.X509Exception;
import org.apache.hadoop.hbase.io.FileChangeWatcher;
import org.apache.hadoop.hbase.io.crypto.tls.X509Util;
import org.apache.hbase.thirdparty.io.netty.buffer.UnpooledByteBufAllocator;
import org.apache.hbase.thirdparty.io.netty.handler.ssl.SslContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * TLS for one listening port, set up exactly as HBase 2.6 sets up its RPC server's: the key and trust stores, their
 * types, protocols, cipher suites, client authentication and client host name checks are all read by HBase's own
 * {@link X509Util} from the {@code hbase.rpc.tls.*} and {@code hbase.server.netty.tls.*} properties. X509Util
 * answers with a Netty context of HBase's relocated copy of Netty, whose handlers cannot sit in this server's
 * pipeline; what crosses over is the plain {@link SSLEngine} that context configures (with the JDK provider, which
 * uses the allocator it is given for nothing), driven by this server's own Netty {@link SslHandler}.
 *
 * <p>Unlike HBase, which builds its context at the first connection, the stores are loaded when the server starts,
 * so a wrong path or password stops the start with a message instead of failing every connection. With
 * {@code hbase.rpc.tls.certReload} the files are watched (HBase's {@link FileChangeWatcher}); a change is loaded at
 * once and used for connections made after it, and one that cannot be loaded (a file half written, say) is
 * reported and the stores in use kept.
 */
public final class ServerTls implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ServerTls.class);

  private final String port;
  private final Configuration conf;
  private final boolean plaintextAccepted;
  private final boolean lookUpPeerName;
  private final int wrapSize;
  private final AtomicReference<SslContext> context = new AtomicReference<>();
  private final AtomicReference<FileChangeWatcher> keyStoreWatcher = new AtomicReference<>();
  private final AtomicReference<FileChangeWatcher> trustStoreWatcher = new AtomicReference<>();

  private ServerTls(String port, Configuration conf, boolean plaintextAccepted, int wrapSize)
      throws ConfigException {
    this.port = port;
    this.conf = conf;
    this.plaintextAccepted = plaintextAccepted;
    // The peer's name is looked up only where a client certificate's names will be checked against it: the lookup
    // blocks the I/O thread accepting the connection, as it does in HBase, where HBase looks it up regardless.
    this.lookUpPeerName = conf.getBoolean(Settings.TLS_REVERSE_DNS.key(), true)
        && conf.getBoolean(Settings.TLS_VERIFY_CLIENT_HOSTNAME.key(), true)
        && !"NONE".equalsIgnoreCase(conf.get(Settings.TLS_CLIENT_AUTH.key(), "NEED"));
    this.wrapSize = wrapSize;
    context.set(load());
    if (conf.getBoolean(Settings.TLS_CERT_RELOAD.key(), false)) {
      try {
        X509Util.enableCertFileReloading(conf, keyStoreWatcher, trustStoreWatcher, this::reload);
      } catch (IOException e) {
        throw new ConfigException("cannot watch the " + port + " port's key and trust stores for "
            + Settings.TLS_CERT_RELOAD.key() + ": " + e.getMessage());
      }
    }
  }

  /** The RPC port's TLS, or null when {@code hbase.server.netty.tls.enabled} is false. */
  public static ServerTls forRpc(BasaltConfig config) throws ConfigException {
    if (!config.bool(Settings.TLS_ENABLED)) {
      return null;
    }
    return new ServerTls("RPC", hadoopConfiguration(config, Map.of()), config.bool(Settings.TLS_SUPPORT_PLAINTEXT),
        config.positiveInt(Settings.TLS_WRAP_SIZE));
  }

  /**
   * The info port's HTTPS, or null when {@code hbase.ssl.enabled} is false: the RPC port's key store (reloaded as
   * the RPC port's is), no client certificates (browsers and health checks have none), no plaintext.
   */
  public static ServerTls forHttps(BasaltConfig config) throws ConfigException {
    if (!config.bool(Settings.HTTPS_ENABLED)) {
      return null;
    }
    return new ServerTls("info", hadoopConfiguration(config, Map.of(Settings.TLS_CLIENT_AUTH.key(), "NONE")), false,
        config.positiveInt(Settings.TLS_WRAP_SIZE));
  }

  /**
   * Puts this port's TLS first in a new connection's pipeline: the TLS handler, or, when plaintext is accepted
   * too, a handler that looks at the connection's first bytes and becomes the TLS handler only if they are TLS.
   */
  public void addTo(Channel channel) {
    ChannelPipeline pipeline = channel.pipeline();
    if (plaintextAccepted) {
      pipeline.addLast(TlsOrPlaintext.NAME, new TlsOrPlaintext(() -> newHandler(channel)));
    } else {
      pipeline.addLast(TlsOrPlaintext.TLS_NAME, newHandler(channel));
    }
    pipeline.addLast(HandshakeFailures.NAME, new HandshakeFailures(port));
  }

  private SslHandler newHandler(Channel channel) {
    SocketAddress remote = channel.remoteAddress();
    SSLEngine engine;
    if (remote instanceof InetSocketAddress address) {
      // The peer's host goes into the engine because HBase's trust manager checks the client certificate's names
      // against it (hbase.server.netty.tls.verify.client.hostname).
      String host = lookUpPeerName ? address.getHostName() : address.getHostString();
      engine = context.get().newEngine(UnpooledByteBufAllocator.DEFAULT, host, address.getPort());
    } else {
      engine = context.get().newEngine(UnpooledByteBufAllocator.DEFAULT);
    }
    SslHandler handler = new SslHandler(engine);
    handler.setWrapDataSize(wrapSize);
    return handler;
  }

  private SslContext load() throws ConfigException {
    try {
      return X509Util.createSslContextForServer(conf);
    } catch (X509Exception | IOException | RuntimeException e) {
      throw new ConfigException("cannot set up TLS for the " + port + " port from "
          + Settings.TLS_KEYSTORE.key() + "=" + conf.get(Settings.TLS_KEYSTORE.key(), "") + " and "
          + Settings.TLS_TRUSTSTORE.key() + "=" + conf.get(Settings.TLS_TRUSTSTORE.key(), "") + ": "
          + ConfigException.causes(e));
    }
  }

  private void reload() {
    try {
      context.set(load());
      LOG.info("Loaded the {} port's changed TLS key and trust stores; new connections use them", port);
    } catch (ConfigException e) {
      LOG.warn("Keeping the {} port's TLS key and trust stores in use: {}", port, e.getMessage());
    }
  }

  /** How this port is secured, as the log line saying it is open puts it. */
  @Override
  public String toString() {
    return "TLS, client certificates " + conf.get(Settings.TLS_CLIENT_AUTH.key(), "NEED")
        + (plaintextAccepted ? ", plaintext accepted too" : ", no plaintext")
        + (keyStoreWatcher.get() != null ? ", stores reloaded when changed" : "");
  }

  /** Stops watching the store files. Connections already made are not affected. */
  @Override
  public void close() {
    stop(keyStoreWatcher);
    stop(trustStoreWatcher);
  }

  private static void stop(AtomicReference<FileChangeWatcher> watcher) {
    FileChangeWatcher running = watcher.getAndSet(null);
    if (running != null) {
      running.stop();
    }
  }

  /**
   * The properties as a Hadoop configuration, which is what X509Util reads. Empty values are left out: Basalt's
   * defaults write an unset property as empty, and X509Util takes an empty cipher suite list literally. OpenSSL is
   * turned off: its engines belong to the relocated Netty and must be released by it, which this server's handler
   * would never do.
   */
  private static Configuration hadoopConfiguration(BasaltConfig config, Map<String, String> overrides) {
    Configuration conf = config.toHadoop();
    overrides.forEach(conf::set);
    conf.setBoolean(X509Util.TLS_USE_OPENSSL, false);
    return conf;
  }
}
