package io.basalt.conformance.kerberos;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.ClientRegistry;
import io.basalt.conformance.harness.SiteFileWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module's stock client with Kerberos against a server offering privacy, through the registry this run uses
 * ({@code basalt.conformance.registry}): a user logged in from a keytab reads and writes, every byte signed and
 * encrypted after the handshake; a client asking for less protection than the server offers is refused. Run by the
 * modules of clients other than hbase-client 2.6, which the security module's tests cover in depth.
 */
class KerberosTest {
  private static final byte[] FAMILY = Bytes.toBytes("f");

  @TempDir
  static Path dir;
  private static TestKdc kdc;
  private static BasaltProcess basalt;
  private static UserGroupInformation alice;

  @BeforeAll
  static void start() throws Exception {
    kdc = TestKdc.start(dir.resolve("kdc"));
    Path keytab = kdc.keytab("hbase/localhost");
    alice = TestKdc.login("alice", kdc.keytab("alice"));
    Path site = SiteFileWriter.write(dir.resolve("site.xml"), Map.of(
        "hbase.security.authentication", "kerberos",
        "hbase.regionserver.kerberos.principal", "hbase/_HOST@" + TestKdc.REALM,
        "hbase.regionserver.keytab.file", keytab.toString(),
        "hbase.rpc.protection", "privacy"));
    basalt = BasaltProcess.startWithJvmOptions(kdc.jvmOptions(), dir.resolve("data"),
        "kerberos-" + System.getProperty("basalt.conformance.column", "client"), "--config", site.toString());
  }

  @AfterAll
  static void stop() throws Exception {
    if (basalt != null) {
      basalt.close();
    }
    if (kdc != null) {
      kdc.close();
    }
  }

  @Test
  void aKerberosUserReadsAndWritesWithPrivacy() throws Exception {
    TableName name = TableName.valueOf("kerberos");
    alice.doAs((PrivilegedExceptionAction<Void>) () -> {
      try (Connection connection = ConnectionFactory.createConnection(client("privacy"));
          Admin admin = connection.getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
        try (Table table = connection.getTable(name)) {
          List<Put> puts = new ArrayList<>();
          for (int i = 0; i < 50; i++) {
            puts.add(new Put(Bytes.toBytes(String.format("row%02d", i)))
                .addColumn(FAMILY, FAMILY, new byte[32 * 1024]));
          }
          table.put(puts);
          table.put(new Put(Bytes.toBytes("row")).addColumn(FAMILY, FAMILY, Bytes.toBytes("private")));
          assertArrayEquals(Bytes.toBytes("private"), table.get(new Get(Bytes.toBytes("row")))
              .getValue(FAMILY, FAMILY));
          int rows = 0;
          try (ResultScanner scanner = table.getScanner(new Scan())) {
            for (Result ignored : scanner) {
              rows++;
            }
          }
          assertTrue(rows == 51, "rows scanned: " + rows);
        }
      }
      return null;
    });
  }

  @Test
  void aClientAskingForLessProtectionIsRefused() throws Exception {
    Configuration weak = client("authentication");
    weak.setInt("hbase.client.retries.number", 1);
    weak.setInt("hbase.client.operation.timeout", 10_000);
    IOException refused = assertThrows(IOException.class, () -> alice.doAs((PrivilegedExceptionAction<Void>) () -> {
      try (Connection connection = ConnectionFactory.createConnection(weak); Admin admin = connection.getAdmin()) {
        admin.listTableNames();
      }
      return null;
    }));
    StringBuilder causes = new StringBuilder();
    for (Throwable cause = refused; cause != null; cause = cause.getCause()) {
      causes.append(cause).append('\n');
    }
    assertTrue(causes.toString().contains("No common protection layer"), causes.toString());
  }

  /** This run's registry reachable, the other pointed where nothing listens ({@link ClientRegistry}). */
  private static Configuration client(String protection) {
    Configuration conf = HBaseConfiguration.create();
    ClientRegistry.properties(basalt).forEach(conf::set);
    conf.set("hbase.security.authentication", "kerberos");
    conf.set("hadoop.security.authentication", "kerberos");
    conf.set("hbase.regionserver.kerberos.principal", "hbase/_HOST@" + TestKdc.REALM);
    conf.set("hbase.master.kerberos.principal", "hbase/_HOST@" + TestKdc.REALM);
    conf.set("hbase.rpc.protection", protection);
    conf.set("hbase.security.relogin.maxbackoff", "100");
    return conf;
  }
}
