package io.basalt.conformance.kerberos;

import io.basalt.conformance.harness.FreePorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.kerby.kerberos.kerb.KrbException;
import org.apache.kerby.kerberos.kerb.server.SimpleKdcServer;

/**
 * A real Kerberos KDC (Apache Kerby's, the one Hadoop's MiniKdc runs) in the test JVM, over TCP on a free port,
 * with principals and keytabs made on demand. Starting it points this JVM's Kerberos at it; logging a user in puts
 * Hadoop's user login in Kerberos mode. Both hold for the whole JVM, as does the stock client's choice between
 * Kerberos and simple authentication (made once per JVM, by the first connection's configuration): Kerberos test
 * classes run in JVMs of their own, and no class mixes Kerberos and simple clients. Shared, as source, by the
 * modules of the clients tested with Kerberos.
 */
public final class TestKdc implements AutoCloseable {
  public static final String REALM = "EXAMPLE.COM";
  /** The server principal HBase clients ask a ticket for when they reach 127.0.0.1, whose canonical name it has. */
  public static final String SERVER_PRINCIPAL = "hbase/localhost@" + REALM;

  private final SimpleKdcServer kdc;
  private final Path dir;

  private TestKdc(SimpleKdcServer kdc, Path dir) {
    this.kdc = kdc;
    this.dir = dir;
  }

  public static TestKdc start(Path dir) throws IOException, KrbException {
    Files.createDirectories(dir);
    SimpleKdcServer kdc = new SimpleKdcServer();
    kdc.setWorkDir(dir.toFile());
    kdc.setKdcHost("localhost");
    kdc.setKdcRealm(REALM);
    kdc.setKdcTcpPort(FreePorts.belowEphemeralRange());
    kdc.setAllowUdp(false);
    kdc.init(); // writes krb5.conf and sets java.security.krb5.conf for this JVM
    kdc.start();
    return new TestKdc(kdc, dir);
  }

  /** A new principal ({@code name} without realm) and a keytab holding its key only. */
  public Path keytab(String name) throws KrbException {
    Path keytab = dir.resolve(name.replace('/', '_') + ".keytab");
    kdc.createPrincipal(name);
    kdc.exportPrincipal(name, keytab.toFile());
    return keytab;
  }

  /** Gives a principal a new key, so keytabs exported before no longer match it. */
  public void changeKey(String name) throws KrbException {
    kdc.deletePrincipal(name);
    kdc.createPrincipal(name);
  }

  /** Options making a server JVM use this KDC. */
  public List<String> jvmOptions() {
    return List.of("-Djava.security.krb5.conf=" + dir.resolve("krb5.conf"));
  }

  /** Logs {@code name} in from its keytab, for running a client as them ({@code ugi.doAs}). */
  public static UserGroupInformation login(String name, Path keytab) throws IOException {
    Configuration kerberos = new Configuration(false);
    kerberos.set("hadoop.security.authentication", "kerberos");
    UserGroupInformation.setConfiguration(kerberos);
    return UserGroupInformation.loginUserFromKeytabAndReturnUGI(name + "@" + REALM, keytab.toString());
  }

  @Override
  public void close() throws KrbException {
    kdc.stop();
  }
}
