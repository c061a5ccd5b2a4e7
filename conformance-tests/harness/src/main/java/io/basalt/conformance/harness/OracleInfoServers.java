package io.basalt.conformance.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The web servers of the oracle HBase (its master's and its region server's info ports, which serve {@code /jmx}
 * and {@code /prometheus}), for the tests that read them; every other test leaves them off. Both listen on free
 * loopback ports. HBase refuses to start them without its {@code hbase-webapps/} resources on the classpath, which
 * the hbase-oracle module unpacks beside its classpath file (HBase's published main jar lacks them).
 */
public final class OracleInfoServers {
  private static final String WEBAPPS_DIRECTORY = "hbase-oracle-webapps";

  private final int masterPort;
  private final int regionServerPort;

  private OracleInfoServers(int masterPort, int regionServerPort) {
    this.masterPort = masterPort;
    this.regionServerPort = regionServerPort;
  }

  static OracleInfoServers onFreePorts() throws IOException {
    return new OracleInfoServers(FreePorts.belowEphemeralRange(), FreePorts.belowEphemeralRange());
  }

  /** The master's info port. In a standalone HBase both ports serve the same metrics: they share one JVM. */
  public int masterPort() {
    return masterPort;
  }

  /** The region server's info port. */
  public int regionServerPort() {
    return regionServerPort;
  }

  /** What turns them on in hbase-site.xml, in place of the {@code -1} the harness otherwise writes. */
  Map<String, String> siteProperties() {
    Map<String, String> site = new LinkedHashMap<>();
    site.put("hbase.master.info.port", Integer.toString(masterPort));
    site.put("hbase.master.info.bindAddress", "127.0.0.1");
    site.put("hbase.regionserver.info.port", Integer.toString(regionServerPort));
    site.put("hbase.regionserver.info.bindAddress", "127.0.0.1");
    return site;
  }

  /** The directory holding {@code hbase-webapps/}, for HBase's classpath. */
  static Path webappsClasspathEntry(Path oracleClasspathFile) throws IOException {
    Path directory = oracleClasspathFile.toAbsolutePath().getParent().resolve(WEBAPPS_DIRECTORY);
    if (!Files.isDirectory(directory.resolve("hbase-webapps").resolve("master"))) {
      throw new IOException("no HBase web resources under " + directory
          + "; build the conformance-tests/hbase-oracle module first");
    }
    return directory;
  }
}
