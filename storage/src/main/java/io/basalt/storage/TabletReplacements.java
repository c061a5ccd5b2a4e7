package io.basalt.storage;

import io.basalt.storage.TabletEntries.Fence;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.protocol.RaftGroupId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Splits and merges in cluster mode: tablets replaced by others on the same members, with no row moved.
 *
 * <p>First each replaced tablet's group gets a fence in its log ({@link Fence}): every replica applies no write
 * after it, so each holds the tablet's rows exactly as of the fence. Then one catalog entry replaces the tablets in
 * the table's definition; each node's catalog replica, applying it, starts the successors' groups and removes the
 * replaced ones. Where every replaced tablet is fenced here for this change, the successors start from the rows as
 * they are, at applied index 1 (their logs begin after it); a replica not fenced yet (it lags) starts its successors
 * with nothing applied, does not stand for leader of them, and installs them from their leaders, whose logs do not
 * reach back to the start, so Ratis asks it to (see {@link TabletReplica}). A write appended after a fence is
 * applied nowhere and its writer is told to look the tablet up again, as a client is during an HBase split.
 *
 * <p>A master that dies between the fences and the catalog entry leaves the change to whichever node leads the
 * catalog next: it looks at the fences its replicas applied every second and completes each change, or lifts the
 * fences of one that cannot be made (a merge whose other tablet is being split). Fences and the catalog entry are
 * idempotent, so a change completed twice is made once.
 */
final class TabletReplacements implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TabletReplacements.class);
  /** How often the catalog's leader looks for changes a master left half done. */
  private static final long SWEEP_MILLIS = 1_000;
  /** How long a catalog replica waits for this node's replicas of replaced tablets to apply their fences. */
  private static final long FENCE_WAIT_MILLIS = 2_000;

  private final StoreReplication replication;
  private final TabletFences fences;
  private final ScheduledExecutorService sweeper;

  TabletReplacements(StoreReplication replication, TabletFences fences, int node) {
    this.replication = replication;
    this.fences = fences;
    this.sweeper = Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, "tablet-replacements-n" + node);
      thread.setDaemon(true);
      return thread;
    });
  }

  void startSweeping() {
    sweeper.scheduleWithFixedDelay(this::completeHalfDone, SWEEP_MILLIS, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
  }

  /**
   * Replaces {@code replaced} (adjacent tablets of {@code table}) by {@code successors}, which cover the same rows,
   * and returns the successors once the catalog has them and their groups have leaders.
   */
  List<TabletDefinition> replace(TableDefinition table, List<TabletDefinition> replaced,
      List<TabletDefinition> successors) throws StorageException {
    Fence change = new Fence(table.id(), replaced, successors, false);
    List<TabletDefinition> fenced = new ArrayList<>();
    for (TabletDefinition tablet : replaced) {
      byte[] answer = replication.node().submitThroughLeader(replication.groupOf(table.id(), tablet),
          TabletEntries.encodeFence(change), "fencing " + StoreReplication.describe(table, tablet));
      if (Arrays.equals(answer, TabletEntries.FENCE_CONFLICT)) {
        lift(table, change, fenced);
        throw new StorageException(StoreReplication.describe(table, tablet) + " is being split or merged already");
      }
      fenced.add(tablet);
    }
    replication.catalogChanges().submitCatalog(
        CatalogEntries.replaceTablets(table.name(), TabletEntries.encodeFence(change)),
        "replacing tablets " + replaced + " of table " + table.name() + " by " + successors, table.name());
    replication.catalogChanges().awaitLeaders(table.id(), table.name(), successors);
    return successors;
  }

  private void lift(TableDefinition table, Fence change, List<TabletDefinition> fenced) throws StorageException {
    for (TabletDefinition tablet : fenced) {
      replication.node().submitThroughLeader(replication.groupOf(table.id(), tablet),
          TabletEntries.encodeFence(change.lift()), "lifting the fence of " + StoreReplication.describe(table, tablet));
    }
  }

  /**
   * The catalog replica's part: replaces the tablets in the table's definition here, starts the successors' groups
   * (from the rows as they are where every replaced tablet is fenced here for this change) and removes the replaced
   * ones. Applied again, it changes nothing more.
   */
  byte[] applyInCatalog(String name, Fence change) throws IOException {
    TabletStore store = replication.store();
    Table table = store.table(name).orElse(null);
    if (table == null || table.definition().id() != change.tableId()) {
      return CatalogEntries.answer(CatalogEntries.UNKNOWN_TABLE, name);
    }
    TableDefinition before = table.definition();
    if (!before.tablets().containsAll(change.replaced())) {
      return before.tablets().containsAll(change.successors()) ? CatalogEntries.answer(CatalogEntries.OK, "")
          : CatalogEntries.answer(CatalogEntries.CONFLICT, "the tablets of table " + name + " changed meanwhile");
    }
    List<RaftGroupId> replacedGroups = new ArrayList<>();
    change.replaced().forEach(tablet -> replacedGroups.add(replication.groupOf(change.tableId(), tablet)));
    if (fencedHere(replacedGroups, change)) {
      inherit(change);
    } else {
      LOG.info("Tablets {} of table {} are not fenced here yet: {} will be installed from their leaders",
          change.replaced(), name, change.successors());
      awaitInstall(change);
    }
    store.tablets().replaceLocally(table, replacedBy(before.tablets(), change));
    replication.ensureTabletGroups(table.definition());
    replication.removeTabletGroups(before, table.definition().tablets());
    LOG.info("Tablets {} of table {} replaced by {}", change.replaced(), name, change.successors());
    return CatalogEntries.answer(CatalogEntries.OK, "");
  }

  /**
   * Whether this node's replicas of the replaced tablets are fenced for {@code change}, waiting a while for those
   * that hold a state to apply their fence: the fence was committed before the catalog entry was proposed, so a
   * replica that lacks it is usually milliseconds behind (one in four splits of ReplicatedSplitTest's quiet cluster
   * found a follower so), and waiting saves installing the successors' rows from their leaders. The wait cannot
   * deadlock: every entry before a fence in its tablet's log was decided at a catalog index below this entry's.
   */
  private boolean fencedHere(List<RaftGroupId> replacedGroups, Fence change) throws IOException {
    if (fences.allFencedFor(replacedGroups, change)) {
      return true;
    }
    for (RaftGroupId group : replacedGroups) {
      if (replication.readApplied(StoreReplication.appliedKey(group)).index() < 0) {
        return false; // it holds nothing yet, so no fence is coming soon: the successors are installed
      }
    }
    return fences.awaitFencedFor(replacedGroups, change, FENCE_WAIT_MILLIS);
  }

  /** Records that each successor's state is the store's rows as they are (see StoreReplication.startFromRowsHeld). */
  private void inherit(Fence change) throws StorageException {
    List<RaftGroupId> successors = new ArrayList<>();
    change.successors().forEach(successor -> successors.add(replication.groupOf(change.tableId(), successor)));
    replication.startFromRowsHeld(successors);
  }

  /**
   * Marks the successors this node holds no state of to be installed before they stand for leader (see
   * InstallRecords): it has none of their rows.
   */
  private void awaitInstall(Fence change) throws StorageException {
    List<RaftGroupId> empty = new ArrayList<>();
    for (TabletDefinition successor : change.successors()) {
      RaftGroupId group = replication.groupOf(change.tableId(), successor);
      if (replication.readApplied(StoreReplication.appliedKey(group)).index() < 0) {
        empty.add(group);
      }
    }
    replication.installRecords().awaitInstall(empty);
  }

  /** {@code tablets} with the run of {@code change}'s replaced tablets replaced by its successors. */
  private static List<TabletDefinition> replacedBy(List<TabletDefinition> tablets, Fence change) {
    List<TabletDefinition> next = new ArrayList<>();
    boolean inserted = false;
    for (TabletDefinition tablet : tablets) {
      if (!change.replaced().contains(tablet)) {
        next.add(tablet);
      } else if (!inserted) {
        next.addAll(change.successors());
        inserted = true;
      }
    }
    return next;
  }

  /** On the catalog's leader: completes, or undoes, each change whose fences this node's replicas applied. */
  private void completeHalfDone() {
    try {
      if (!replication.leadsCatalog()) {
        return;
      }
      for (Map.Entry<RaftGroupId, Fence> fenced : fences.all().entrySet()) {
        Fence change = fenced.getValue();
        Table table = replication.store().tableById(change.tableId());
        if (table == null || !table.definition().tablets().containsAll(change.replaced())) {
          continue;
        }
        LOG.info("Completing the replacement of tablets {} of table {} by {}, left half done", change.replaced(),
            table.name(), change.successors());
        replace(table.definition(), change.replaced(), change.successors());
      }
    } catch (StorageException | RuntimeException e) {
      LOG.warn("Could not complete a split or merge left half done; trying again in {} ms: {}", SWEEP_MILLIS,
          e.getMessage());
    }
  }

  @Override
  public void close() {
    sweeper.shutdownNow();
  }
}
