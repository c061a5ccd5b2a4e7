package io.basalt.gateways;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.StringReader;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * The configuration Basalt hands its gateways on their standard input: Java properties text as
 * {@link Properties#store} writes it, ended by an empty line (which that format never contains). Standard input
 * rather than a file or the command line: nothing to clean up, and no password of a key store in {@code ps} or on
 * disk. The same pipe then tells the gateways when Basalt is gone (see {@link GatewayMain}).
 */
final class LaunchProperties {
  private LaunchProperties() {}

  /** Reads the properties up to the empty line that ends them. */
  static Properties read(BufferedReader in) throws IOException {
    StringBuilder text = new StringBuilder();
    for (String line = in.readLine(); ; line = in.readLine()) {
      if (line == null) {
        throw new EOFException("standard input ended before the empty line that ends the properties");
      }
      if (line.isEmpty()) {
        break;
      }
      text.append(line).append('\n');
    }
    Properties properties = new Properties();
    properties.load(new StringReader(text.toString()));
    return properties;
  }

  /** HBase's defaults (hbase-default.xml) with the given properties over them, as a site file would set them. */
  static Configuration hbaseConfiguration(Properties properties) {
    Configuration conf = HBaseConfiguration.create();
    properties.stringPropertyNames().forEach(name -> conf.set(name, properties.getProperty(name)));
    return conf;
  }
}
