package io.basalt.server.config;

/**
 * One configuration property: its name (HBase's own where HBase has one), its default and what it means.
 * {@code formerKey}, when not null, is a name HBase used for it before and still read in some releases; Basalt
 * reads it too (see {@link BasaltConfig#of}).
 */
public record Setting(String key, String defaultValue, String description, String formerKey) {
  public Setting(String key, String defaultValue, String description) {
    this(key, defaultValue, description, null);
  }
}
