package io.basalt.server.ui;

import io.basalt.hbase.master.SnapshotManager;
import io.basalt.server.info.WebPages;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;

/** {@code /snapshotsStats.jsp}: every snapshot, sorted by name, a page of {@value Paging#ROWS} at a time. */
final class SnapshotsPage implements Handler {
  private final SnapshotManager snapshots;

  SnapshotsPage(SnapshotManager snapshots) {
    this.snapshots = snapshots;
  }

  @Override
  public WebPages.Page answer(Query query) throws IOException, PageException {
    int page = query.page();
    List<SnapshotDescription> all = snapshots.list();
    Paging paging = Paging.of(all.size(), page);
    Map<String, Long> sizes = snapshots.sizes();
    long now = System.currentTimeMillis();
    Html html = Layout.begin("Snapshots", "/snapshotsStats.jsp");
    if (all.isEmpty()) {
      html.element("p", "No snapshots.", "class", "none");
      return Answers.html(200, Layout.end(html));
    }
    long total = sizes.values().stream().mapToLong(Long::longValue).sum();
    html.element("p", Format.count(all.size(), "snapshot") + " holding " + Format.bytes(total) + ".");
    paging.writeLinks(html, number -> Urls.of("/snapshotsStats.jsp", "page", number));
    html.open("table", "class", "list snapshots");
    html.headings("Snapshot", "Table", "Creation time", "Owner", "TTL", "Expired", "Size");
    for (SnapshotDescription snapshot : paging.rows(all)) {
      html.open("tr");
      html.open("td").link(Urls.snapshot(snapshot.getName()), snapshot.getName()).close("td");
      html.open("td").link(Urls.table(snapshot.getTable()), snapshot.getTable()).close("td");
      html.cell(Format.time(snapshot.getCreationTime())).cell(SnapshotPage.owner(snapshot));
      html.cell(SnapshotPage.ttl(snapshot)).cell(SnapshotPage.expired(snapshot, now) ? "yes" : "no");
      html.number(Format.bytes(sizes.getOrDefault(snapshot.getName(), 0L)));
      html.close("tr");
    }
    html.close("table");
    paging.writeLinks(html, number -> Urls.of("/snapshotsStats.jsp", "page", number));
    return Answers.html(200, Layout.end(html));
  }
}
