package io.basalt.hbase.keyviz;

/**
 * A tablet (region) among the busiest: its requests per second over the last minute and its request counts since
 * the server started.
 */
public record HotTablet(String table, String region, byte[] startRow, byte[] endRow, double requestsPerSecond,
    long readRequests, long writeRequests) {}
