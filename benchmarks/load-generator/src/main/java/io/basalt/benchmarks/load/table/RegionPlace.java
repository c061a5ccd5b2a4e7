package io.basalt.benchmarks.load.table;

/**
 * A region of the load table: its name (what a request addresses), the rows it holds ({@code firstRow} up to but
 * not including {@code afterLastRow}) and the server serving it.
 */
public record RegionPlace(byte[] regionName, int firstRow, int afterLastRow, String host, int port) {
  public String server() {
    return host + ":" + port;
  }

  public int rowCount() {
    return afterLastRow - firstRow;
  }
}
