package io.basalt.server.ui;

import io.basalt.hbase.master.SnapshotManager;
import io.basalt.server.info.WebPages;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;

/** {@code /snapshot.jsp?name=<snapshot>}: one snapshot's attributes; an unknown name is a 404 page. */
final class SnapshotPage implements Handler {
  private final SnapshotManager snapshots;

  SnapshotPage(SnapshotManager snapshots) {
    this.snapshots = snapshots;
  }

  @Override
  public WebPages.Page answer(Query query) throws IOException, PageException {
    String name = query.required("name");
    Optional<SnapshotDescription> found = snapshots.find(name);
    if (found.isEmpty()) {
      throw PageException.notFound("There is no snapshot " + name + ".");
    }
    SnapshotDescription snapshot = found.get();
    Html html = Layout.begin("Snapshot " + name, "/snapshotsStats.jsp");
    Layout.section(html, "attributes", "Snapshot Attributes");
    html.open("table", "class", "attributes");
    html.headings("Table", "Creation time", "Owner", "Type", "Format version", "TTL", "Expired", "Size");
    html.open("tr");
    html.open("td").link(Urls.table(snapshot.getTable()), snapshot.getTable()).close("td");
    html.cell(Format.time(snapshot.getCreationTime())).cell(owner(snapshot)).cell(snapshot.getType().name())
        .cell(snapshot.getVersion()).cell(ttl(snapshot))
        .cell(expired(snapshot, System.currentTimeMillis()) ? "yes" : "no")
        .number(Format.bytes(snapshots.sizes().getOrDefault(name, 0L)));
    html.close("tr").close("table");
    return Answers.html(200, Layout.end(html));
  }

  /** Who took it, when the client said. */
  static String owner(SnapshotDescription snapshot) {
    return snapshot.getOwner().isEmpty() ? "\u2013" : snapshot.getOwner();
  }

  /** A snapshot's TTL as HBase shows it: seconds, or forever when it has none. */
  static String ttl(SnapshotDescription snapshot) {
    return snapshot.getTtl() > 0 ? Format.count(snapshot.getTtl()) + " s" : "forever";
  }

  /** HBase's rule: a snapshot with a TTL has expired once it is older than the TTL. */
  static boolean expired(SnapshotDescription snapshot, long nowMillis) {
    return snapshot.getTtl() > 0 && snapshot.getCreationTime() > 0
        && nowMillis - snapshot.getCreationTime() > TimeUnit.SECONDS.toMillis(snapshot.getTtl());
  }
}
