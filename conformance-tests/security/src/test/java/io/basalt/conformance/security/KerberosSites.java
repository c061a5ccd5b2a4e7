package io.basalt.conformance.security;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.kerberos.TestKdc;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/** The site properties of a Kerberos server and of its clients, as HBase's documentation has them. */
final class KerberosSites {
  private static final String PRINCIPAL = "hbase/_HOST@" + TestKdc.REALM;

  private KerberosSites() {}

  static Map<String, String> server(Path keytab, String protection) {
    Map<String, String> site = new HashMap<>();
    site.put("hbase.security.authentication", "kerberos");
    site.put("hbase.regionserver.kerberos.principal", PRINCIPAL);
    site.put("hbase.regionserver.keytab.file", keytab.toString());
    site.put("hbase.rpc.protection", protection);
    return site;
  }

  static Map<String, String> clientProperties(String protection) {
    return Map.of(
        "hbase.security.authentication", "kerberos",
        "hadoop.security.authentication", "kerberos",
        "hbase.regionserver.kerberos.principal", PRINCIPAL,
        "hbase.master.kerberos.principal", PRINCIPAL,
        "hbase.rpc.protection", protection,
        // A refused client tries to log in again after a random pause of up to this many ms (5 s by default).
        "hbase.security.relogin.maxbackoff", "100");
  }

  /** A client of {@code basalt} through its ZooKeeper, authenticating with the caller's Kerberos login. */
  static Configuration client(BasaltProcess basalt, String protection) {
    return TlsClients.config(basalt, clientProperties(protection));
  }
}
