package io.basalt.storage;

import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.ratis.protocol.RaftGroupId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Completes, at a cluster member's start and before its Raft server starts, the installs a stop or crash
 * interrupted ({@link InstallRecords} marks them): each is done again from the state it had fetched, which gives
 * exactly that state whatever the interrupted one had done, and recorded. Then the replica starts from the
 * installed index, as if the install had finished before the stop, and needs nothing more from its leader.
 *
 * <p>The catalog's install comes first: it may drop tables, whose tablets' marks are then forgotten. An install
 * that cannot be completed (its files are damaged or gone) keeps its mark, so its replica reports no applied index
 * and does not claim the old one its partial state no longer is at; its group then replays its own log over the
 * state (every entry applied again lands on the same cells) and the leader, lacking the entries the replica needs,
 * has it install the state again ({@code ReplicaInstallTest} checks that Ratis does).
 */
final class InterruptedInstalls {
  private static final Logger LOG = LoggerFactory.getLogger(InterruptedInstalls.class);

  private InterruptedInstalls() {}

  static void complete(StoreReplication replication, RaftGroupId catalogGroup, CatalogReplica catalog)
      throws StorageException {
    InstallRecords records = replication.installRecords();
    Map<RaftGroupId, InstallRecords.Mark> marks = records.all();
    Set<String> kept = new HashSet<>();
    InstallRecords.Mark catalogMark = marks.remove(catalogGroup);
    if (catalogMark != null && !complete(records, catalogGroup, catalogMark, catalog::installFrom)) {
      kept.add(catalogMark.directoryName());
    }
    for (Map.Entry<RaftGroupId, InstallRecords.Mark> entry : marks.entrySet()) {
      RaftGroupId group = entry.getKey();
      if (replication.tabletOf(group) == null) {
        records.forget(group, StoreReplication.appliedKey(group));
      } else if (!complete(records, group, entry.getValue(), new TabletReplica(replication, group)::installFrom)) {
        kept.add(entry.getValue().directoryName());
      }
    }
    records.deleteDirectoriesBut(kept);
  }

  private static boolean complete(InstallRecords records, RaftGroupId group, InstallRecords.Mark mark,
      FetchedState.Target target) throws StorageException {
    long started = System.nanoTime();
    try {
      target.installFrom(records.directory(mark));
    } catch (IOException e) {
      LOG.warn("The install of group {} up to entry {} was interrupted and cannot be completed from {} ({}); the "
          + "group installs the state again from its leader", group, mark.index().index(), records.directory(mark),
          e.getMessage());
      return false;
    }
    records.finish(group, StoreReplication.appliedKey(group), mark.index());
    LOG.info("Completed the install of group {} up to entry {} that a stop interrupted, in {} ms", group,
        mark.index().index(), (System.nanoTime() - started) / 1_000_000);
    return true;
  }
}
