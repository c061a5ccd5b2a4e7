package io.basalt.server.config;

import io.basalt.hbase.logs.SlowLogSettings;

/** The slow and large log's settings, read as HBase reads them. */
public final class SlowLogConfig {
  private SlowLogConfig() {}

  /**
   * The slow and large log's settings: HBase's, a scan threshold left empty being the other calls' one.
   */
  public static SlowLogSettings fromConfig(BasaltConfig config) throws ConfigException {
    long millis = config.signedLong(Settings.WARN_RESPONSE_TIME);
    long bytes = config.signedLong(Settings.WARN_RESPONSE_SIZE);
    long scanMillis = config.get(Settings.WARN_RESPONSE_TIME_SCAN).isBlank() ? millis
        : config.signedLong(Settings.WARN_RESPONSE_TIME_SCAN);
    long scanBytes = config.get(Settings.WARN_RESPONSE_SIZE_SCAN).isBlank() ? bytes
        : config.signedLong(Settings.WARN_RESPONSE_SIZE_SCAN);
    return new SlowLogSettings(config.bool(Settings.SLOWLOG_BUFFER), config.positiveInt(Settings.SLOWLOG_SIZE),
        millis, bytes, scanMillis, scanBytes);
  }
}
