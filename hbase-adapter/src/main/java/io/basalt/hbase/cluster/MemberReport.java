package io.basalt.hbase.cluster;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Properties;

/**
 * What a cluster member last said of itself, for the other members' status pages, ClusterMetrics and
 * {@code clusterRequests}: HBase's region servers send their master such a report every few seconds; Basalt's
 * members publish theirs in the registry, where every member reads them. Only totals, never a region's figures, so a
 * report stays a few hundred bytes whatever the member serves.
 *
 * @param version the member's Basalt version
 * @param regions the regions it serves (leads the tablets of) now
 * @param requestsPerSecond its regions' read and write requests per second over the last minute
 * @param requests the calls it has served since it started
 */
public record MemberReport(String version, int regions, double requestsPerSecond, long requests, long usedHeapBytes,
    long maxHeapBytes, long reportMillis) {

  /** The report as its znode holds it: Java properties text, readable with {@code zkCli.sh get}. */
  public byte[] encode() {
    Properties properties = new Properties();
    properties.setProperty("version", version);
    properties.setProperty("regions", Integer.toString(regions));
    properties.setProperty("requestsPerSecond", Double.toString(requestsPerSecond));
    properties.setProperty("requests", Long.toString(requests));
    properties.setProperty("usedHeapBytes", Long.toString(usedHeapBytes));
    properties.setProperty("maxHeapBytes", Long.toString(maxHeapBytes));
    properties.setProperty("reportMillis", Long.toString(reportMillis));
    StringWriter text = new StringWriter();
    try {
      properties.store(text, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The report {@code data} holds; empty when it is not a whole one (a member of another version, say). */
  public static Optional<MemberReport> parse(byte[] data) {
    Properties properties = new Properties();
    try {
      properties.load(new StringReader(new String(data, StandardCharsets.UTF_8)));
      return Optional.of(new MemberReport(properties.getProperty("version", "unknown"),
          Integer.parseInt(properties.getProperty("regions")),
          Double.parseDouble(properties.getProperty("requestsPerSecond")),
          Long.parseLong(properties.getProperty("requests")),
          Long.parseLong(properties.getProperty("usedHeapBytes")),
          Long.parseLong(properties.getProperty("maxHeapBytes")),
          Long.parseLong(properties.getProperty("reportMillis"))));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
