package io.basalt.server.ui;

import io.basalt.hbase.compaction.CompactionQueue;
import java.util.List;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.util.Bytes;

/** A page of a table's regions: the server of each, keys, sizes, requests and compaction state. */
final class RegionList {
  private RegionList() {}

  static void write(Html html, List<RegionRow> rows, CompactionQueue compactions) {
    html.open("table", "class", "list regions");
    html.headings("Region", "Server", "Start key", "End key", "Size", "Memstore", "Files", "Stores", "Reads",
        "Writes", "Requests/s", "Compaction", "Last major compaction");
    for (RegionRow row : rows) {
      RegionInfo info = row.info();
      html.open("tr");
      html.element("td", info.getEncodedName(), "title", info.getRegionNameAsString(), "class", "region");
      html.cell(row.server().map(ServerName::getServerName).orElse("\u2013 (electing a leader)"));
      key(html, info.getStartKey(), "first");
      key(html, info.getEndKey(), "last");
      html.number(Format.bytes(row.fileBytes()));
      html.number(Format.bytes(row.memstoreBytes()));
      html.number(Format.count(row.files()));
      html.number(Format.count(row.stores()));
      html.number(Format.count(row.readRequests()));
      html.number(Format.count(row.writeRequests()));
      html.number(Format.rate(row.requestsPerSecond()));
      html.cell(compactions.state(info));
      html.cell(Format.time(compactions.lastMajorCompaction(info)));
      html.close("tr");
    }
    html.close("table");
  }

  /** A row key as HBase's shell prints one (printable bytes as they are, others as \xNN); an empty one marked. */
  private static void key(Html html, byte[] key, String whichEnd) {
    if (key.length == 0) {
      html.open("td", "class", "key").element("em", "(" + whichEnd + ")").close("td");
    } else {
      html.element("td", Bytes.toStringBinary(key), "class", "key");
    }
  }
}
