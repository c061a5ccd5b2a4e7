package io.basalt.server.config;

/**
 * One configuration property: its name (HBase's own where HBase has one), its default and what it means.
 */
public record Setting(String key, String defaultValue, String description) {}
