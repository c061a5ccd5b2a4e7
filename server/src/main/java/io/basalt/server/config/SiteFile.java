package io.basalt.server.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads an hbase-site.xml style file with Hadoop's own {@link Configuration}, so that a file written for HBase means
 * the same to Basalt: {@code ${name}} refers to another property or a system property, {@code <final>} and XInclude
 * work, and later entries override earlier ones. Only the file itself is read, none of Hadoop's or HBase's default
 * resources.
 */
public final class SiteFile {
  private SiteFile() {}

  /** Every property the file sets, with references to other properties expanded. */
  public static Map<String, String> read(Path file) throws ConfigException {
    if (!Files.isRegularFile(file)) {
      throw new ConfigException("config file " + file + " does not exist");
    }
    Configuration configuration = new Configuration(false);
    configuration.setQuietMode(false);
    configuration.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
    Map<String, String> properties = new LinkedHashMap<>();
    try {
      for (Map.Entry<String, String> entry : configuration) {
        properties.put(entry.getKey(), configuration.get(entry.getKey()));
      }
    } catch (RuntimeException e) {
      // Configuration reports a file it cannot parse (malformed XML, a <property> without a name) this way.
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new ConfigException("cannot read config file " + file + ": " + cause.getMessage());
    }
    return properties;
  }
}
