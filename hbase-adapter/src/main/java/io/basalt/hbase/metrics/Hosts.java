package io.basalt.hbase.metrics;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The machine's host name, the {@code Hostname} tag HBase puts on every metrics record. Looked up once: a lookup
 * can take seconds when name resolution is slow, and the name does not change while the server runs.
 */
public final class Hosts {
  private static volatile String name;

  private Hosts() {}

  public static String localName() {
    String known = name;
    if (known == null) {
      try {
        known = InetAddress.getLocalHost().getHostName();
      } catch (UnknownHostException e) {
        known = "localhost"; // the name the machine cannot resolve for itself is no better than this
      }
      name = known;
    }
    return known;
  }
}
