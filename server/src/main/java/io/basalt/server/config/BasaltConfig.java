package io.basalt.server.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Basalt's effective configuration: defaults, overridden by the config file, overridden by command-line flags.
 * Values are checked when read, so a bad value is reported by name.
 */
public final class BasaltConfig {
  private final Map<String, String> values;
  private final List<String> warnings;

  private BasaltConfig(Map<String, String> values, List<String> warnings) {
    this.values = Map.copyOf(values);
    this.warnings = List.copyOf(warnings);
  }

  /**
   * Builds the configuration from layers, later layers winning. A setting's former HBase name, when present, gives
   * the setting its value even if the current name is set too, as HBase's {@code HBaseConfiguration.getInt(conf,
   * name, deprecatedName, default)} did: site files carry every current name with its default, so only this way
   * does an old name copied from an existing hbase-site.xml take effect. Each such use is in {@link #warnings()}.
   */
  @SafeVarargs
  public static BasaltConfig of(Map<String, String>... layers) {
    Map<String, String> merged = new HashMap<>();
    for (Setting setting : Settings.ALL) {
      merged.put(setting.key(), setting.defaultValue());
    }
    for (Map<String, String> layer : layers) {
      merged.putAll(layer);
    }
    List<String> warnings = new ArrayList<>();
    for (Setting setting : Settings.ALL) {
      String former = setting.formerKey() == null ? null : merged.get(setting.formerKey());
      if (former != null) {
        merged.put(setting.key(), former);
        warnings.add(setting.formerKey() + " is deprecated; its value " + former + " is used for " + setting.key()
            + ", the name to use instead");
      }
    }
    return new BasaltConfig(merged, warnings);
  }

  /** What an operator should change in the configuration, such as former property names still in use. */
  public List<String> warnings() {
    return warnings;
  }

  public String get(Setting setting) {
    return values.getOrDefault(setting.key(), setting.defaultValue());
  }

  /** Every property with its value, defaults included: for libraries that read HBase's names themselves. */
  public Map<String, String> properties() {
    return values;
  }

  /**
   * The properties as a Hadoop configuration, for HBase's and Hadoop's own code that reads them (TLS, Kerberos).
   * Empty values are left out: Hadoop reads an empty string as a value, where Basalt means "not set".
   */
  public Configuration toHadoop() {
    Configuration conf = new Configuration(false);
    values.forEach((key, value) -> {
      if (!value.isEmpty()) {
        conf.set(key, value);
      }
    });
    return conf;
  }

  /** Raw value of any property, including ones Basalt does not interpret. */
  public String get(String key) {
    return values.get(key);
  }

  public Path dataDir() throws ConfigException {
    String value = get(Settings.DATA_DIR).trim();
    if (value.isEmpty()) {
      throw new ConfigException(Settings.DATA_DIR.key() + " must not be empty");
    }
    if (value.contains("://") || value.startsWith("file:")) {
      URI uri = URI.create(value);
      if (!"file".equals(uri.getScheme())) {
        throw new ConfigException(Settings.DATA_DIR.key() + " must be a local path or file: URI, not " + value);
      }
      return Path.of(uri).toAbsolutePath().normalize();
    }
    return Path.of(value).toAbsolutePath().normalize();
  }

  public int port(Setting setting) throws ConfigException {
    int port = integer(setting);
    if (port < -1 || port > 65535) {
      throw new ConfigException(setting.key() + " must be a port number (0 for any free port), not " + port);
    }
    return port;
  }

  public boolean bool(Setting setting) throws ConfigException {
    String value = get(setting).trim();
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equalsIgnoreCase("false")) {
      return false;
    }
    throw new ConfigException(setting.key() + " must be true or false, not '" + value + "'");
  }

  public int integer(Setting setting) throws ConfigException {
    String value = get(setting).trim();
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new ConfigException(setting.key() + " must be a whole number, not '" + value + "'");
    }
  }

  /** A whole number, of either sign. */
  public long signedLong(Setting setting) throws ConfigException {
    return wholeNumber(setting);
  }

  public long positiveLong(Setting setting) throws ConfigException {
    long parsed = wholeNumber(setting);
    if (parsed <= 0) {
      throw new ConfigException(setting.key() + " must be positive, not " + parsed);
    }
    return parsed;
  }

  public long nonNegativeLong(Setting setting) throws ConfigException {
    long parsed = wholeNumber(setting);
    if (parsed < 0) {
      throw new ConfigException(setting.key() + " must not be negative, not " + parsed);
    }
    return parsed;
  }

  private long wholeNumber(Setting setting) throws ConfigException {
    String value = get(setting).trim();
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new ConfigException(setting.key() + " must be a whole number, not '" + value + "'");
    }
  }

  public int positiveInt(Setting setting) throws ConfigException {
    long value = positiveLong(setting);
    if (value > Integer.MAX_VALUE) {
      throw new ConfigException(setting.key() + " must be at most " + Integer.MAX_VALUE);
    }
    return (int) value;
  }

  public Duration millis(Setting setting) throws ConfigException {
    return Duration.ofMillis(positiveLong(setting));
  }
}
