package io.basalt.tools.cert;

import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.HBASE_CLIENT_NETTY_TLS_ENABLED;
import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.HBASE_SERVER_NETTY_TLS_ENABLED;
import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.TLS_CONFIG_KEYSTORE_LOCATION;
import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.TLS_CONFIG_KEYSTORE_PASSWORD;
import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.TLS_CONFIG_KEYSTORE_TYPE;
import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.TLS_CONFIG_TRUSTSTORE_LOCATION;
import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.TLS_CONFIG_TRUSTSTORE_PASSWORD;
import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.TLS_CONFIG_TRUSTSTORE_TYPE;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The HBase 2.6 configuration properties that turn TLS on with stores written by {@link TlsStores}, for an
 * hbase-site.xml or a test's {@code Configuration}. The names are HBase's own constants (from {@code X509Util}), so
 * a server or client reading them with HBase's code finds them. Locations are written as absolute paths.
 */
public final class HBaseTlsProperties {
  private HBaseTlsProperties() {
  }

  /**
   * A server's properties: TLS on the RPC port, its key store, and the trust store its clients' certificates are
   * checked against (HBase asks clients for one by default: {@code hbase.server.netty.tls.client.auth.mode=NEED}).
   * Both stores are of one type and share one password; with PEM the password may be null (a key in the clear).
   */
  public static Map<String, String> server(Path keyStore, Path trustStore, StoreType type, String password) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(HBASE_SERVER_NETTY_TLS_ENABLED, "true");
    putStores(properties, keyStore, trustStore, type, password);
    return Collections.unmodifiableMap(properties);
  }

  /**
   * A client's properties: TLS towards the server, the trust store the server's certificate is checked against,
   * and the key store with the client's own certificate (null when the server does not ask for one).
   */
  public static Map<String, String> client(Path keyStore, Path trustStore, StoreType type, String password) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(HBASE_CLIENT_NETTY_TLS_ENABLED, "true");
    putStores(properties, keyStore, trustStore, type, password);
    return Collections.unmodifiableMap(properties);
  }

  private static void putStores(Map<String, String> properties, Path keyStore, Path trustStore, StoreType type,
      String password) {
    boolean hasPassword = password != null && !password.isEmpty();
    if (keyStore != null) {
      properties.put(TLS_CONFIG_KEYSTORE_LOCATION, location(keyStore));
      properties.put(TLS_CONFIG_KEYSTORE_TYPE, type.hbaseType());
      if (hasPassword) {
        properties.put(TLS_CONFIG_KEYSTORE_PASSWORD, password);
      }
    }
    properties.put(TLS_CONFIG_TRUSTSTORE_LOCATION, location(trustStore));
    properties.put(TLS_CONFIG_TRUSTSTORE_TYPE, type.hbaseType());
    // A PEM trust store is plain certificates: HBase reads it without a password.
    if (hasPassword && type != StoreType.PEM) {
      properties.put(TLS_CONFIG_TRUSTSTORE_PASSWORD, password);
    }
  }

  private static String location(Path file) {
    return file.toAbsolutePath().normalize().toString();
  }
}
