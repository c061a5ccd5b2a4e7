package io.basalt.hbase.compaction;

import io.basalt.hbase.read.CellTtls;
import io.basalt.hbase.read.FamilySchema;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.storage.Table;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowLocks;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.keys.ByteArrays;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One compaction of one tablet: erases the cells HBase's compaction would leave out of the files it writes, then has
 * RocksDB rewrite the tablet's key range so they (and the erasures' tombstones) leave the disk.
 *
 * <p>RocksDB cannot run a compaction filter written in Java, so the judging happens here, over a cursor: rows with
 * nothing to drop cost one read. A row with garbage is judged again under its row lock from a fresh view, and its
 * erasures are written while the lock is held, so a write racing the compaction is never erased: every outcome is
 * one where the compaction ran wholly before or wholly after that write. Rows with garbage are gathered into small
 * batches that share the locking, the fresh view and the write.
 */
public final class TabletCompaction {
  /** Rows with garbage judged again and erased together, under their locks held at once. */
  private static final int ERASE_BATCH_ROWS = 32;

  private final Table storage;
  private final TabletDefinition tablet;
  private final Map<byte[], CompactionRules> rules = new TreeMap<>(Bytes.BYTES_COMPARATOR);
  private final BooleanSupplier cancelled;
  /** Judges only the cells the memtables hold, as HBase's flush judges only its memstore's, and rewrites nothing. */
  private final boolean memtablesOnly;
  private long rowsRewritten;
  private long cellsErased;
  private long cellsKept;

  /** One row judged: the erasures of the cells the compaction drops, and how many cells it keeps. */
  private record RowJudgement(RowMutation.Builder garbage, int kept) {}

  /**
   * What a compaction did: rows that had cells to drop, cells dropped, and cells kept (the tablet's stored cells
   * afterwards, less any written meanwhile); and whether it was complete: it judged every row of the tablet and had
   * the range rewritten, rather than stopping early when told to.
   */
  public record Outcome(long rowsRewritten, long cellsErased, long cellsKept, boolean complete) {}

  /**
   * @param onlyFamily the family to compact, or null for all of them
   * @param major HBase's major compaction (delete markers dropped) rather than a minor one (markers kept)
   * @param cancelled checked between rows; the compaction stops early, having erased only whole rows' garbage
   */
  public TabletCompaction(HBaseTable table, TabletDefinition tablet, byte[] onlyFamily, long nowMillis,
      boolean major, BooleanSupplier cancelled) throws NoSuchColumnFamilyException {
    this(table, tablet, onlyFamily, nowMillis, major, cancelled, false);
  }

  private TabletCompaction(HBaseTable table, TabletDefinition tablet, byte[] onlyFamily, long nowMillis,
      boolean major, BooleanSupplier cancelled, boolean memtablesOnly) throws NoSuchColumnFamilyException {
    this.storage = table.storage();
    this.tablet = tablet;
    this.cancelled = cancelled;
    this.memtablesOnly = memtablesOnly;
    for (FamilySchema.Family family : table.families().families()) {
      if (onlyFamily == null || Bytes.equals(onlyFamily, family.name())) {
        rules.put(family.name(), CompactionRules.forFamily(family, nowMillis, major));
      }
    }
    if (rules.isEmpty()) {
      throw new NoSuchColumnFamilyException("Column family " + Bytes.toStringBinary(onlyFamily)
          + " does not exist in " + table.name());
    }
  }

  /**
   * What HBase's flush drops from a memstore, over rows {@code [startRow, endRow)} of a table (empty bounds are
   * open): a minor compaction's verdicts on the cells the memtables hold, judged among themselves (cells already in
   * files were judged at their own flush and take no part). Its run erases those cells and leaves the memtables to
   * be flushed by the caller.
   */
  static TabletCompaction ofMemtables(HBaseTable table, byte[] startRow, byte[] endRow, long nowMillis)
      throws NoSuchColumnFamilyException {
    return new TabletCompaction(table, new TabletDefinition(0, startRow, endRow), null, nowMillis, false,
        () -> false, true);
  }

  public Outcome run() throws StorageException {
    boolean complete = learnEarliestPuts() && judgeEveryRow();
    if (complete && !memtablesOnly) {
      storage.compactRows(tablet.startRow(), tablet.endRow());
    }
    return new Outcome(rowsRewritten, cellsErased, cellsKept, complete);
  }

  /** Judges the tablet's rows and erases their garbage; false if told to stop first (whole rows' garbage erased). */
  private boolean judgeEveryRow() throws StorageException {
    List<byte[]> withGarbage = new ArrayList<>();
    try (TableCursor cursor = openCursor(families(), range())) {
      while (cursor.nextRow()) {
        if (cancelled.getAsBoolean()) {
          return false;
        }
        RowJudgement judgement = judge(cursor);
        if (judgement.garbage().isEmpty()) {
          cellsKept += judgement.kept();
        } else {
          withGarbage.add(cursor.row().clone());
          if (withGarbage.size() == ERASE_BATCH_ROWS) {
            eraseUnderLocks(withGarbage);
            withGarbage.clear();
          }
        }
      }
    }
    if (cancelled.getAsBoolean()) {
      return false;
    }
    eraseUnderLocks(withGarbage);
    return true;
  }

  /**
   * Judges the given rows (ascending) again under their row locks, from one fresh view of their range, and writes
   * their erasures in one batch while the locks are held. A row's fresh view and the write that erases its garbage
   * cost about as much as a whole row read, so rows share both.
   */
  private void eraseUnderLocks(List<byte[]> rows) throws StorageException {
    if (rows.isEmpty()) {
      return;
    }
    byte[] last = rows.get(rows.size() - 1);
    RowRange span = RowRange.forward(rows.get(0), Arrays.copyOf(last, last.length + 1));
    try (RowLocks.RowLock ignored = storage.lockAll(rows);
        TableCursor fresh = openCursor(families(), span)) {
      ForwardRowWalk walk = new ForwardRowWalk(fresh);
      List<RowMutation> erasures = new ArrayList<>(rows.size());
      for (byte[] row : rows) {
        if (!walk.reach(row)) {
          continue; // deleted meanwhile, and not by a compaction: nothing of it is left to judge
        }
        RowJudgement judgement = judge(fresh);
        cellsKept += judgement.kept();
        if (!judgement.garbage().isEmpty()) {
          RowMutation rowErasures = judgement.garbage().build();
          erasures.add(rowErasures);
          rowsRewritten++;
          cellsErased += rowErasures.erasures().size();
        }
      }
      storage.writeThroughLeaders(erasures, Durability.LOG);
    }
  }

  /** Judges every cell of the cursor's current row. */
  private RowJudgement judge(TableCursor cursor) throws StorageException {
    RowMutation.Builder garbage = RowMutation.forRow(cursor.row());
    int kept = 0;
    byte[] family = null;
    CompactionMatcher matcher = null;
    while (cursor.nextCell()) {
      if (family == null || !Arrays.equals(family, cursor.family())) {
        family = cursor.family();
        matcher = new CompactionMatcher(rules.get(family));
        matcher.startRow();
      }
      byte[] qualifier = cursor.qualifier();
      long timestamp = cursor.timestamp();
      int type = cursor.type();
      long ttl = type == CellTtls.TTL_PUT ? CellTtls.storedTtl(cursor.value()) : CellTtls.NONE;
      if (matcher.keeps(qualifier, timestamp, CellTtls.readType(type), ttl)) {
        kept++;
      } else {
        garbage.erase(family, qualifier, timestamp, type);
      }
    }
    return new RowJudgement(garbage, kept);
  }

  /**
   * HBase lets a major compaction drop markers of kept deleted cells when no put of the family is older, judging
   * by the oldest put in the files compacted; a first pass over the tablet finds it, for the families that care.
   * Returns false if told to stop first: what it saw is not the oldest put, and nothing may be judged by it.
   */
  private boolean learnEarliestPuts() throws StorageException {
    List<byte[]> families = rules.entrySet().stream().filter(e -> e.getValue().needsEarliestPut())
        .map(Map.Entry::getKey).toList();
    if (families.isEmpty()) {
      return true;
    }
    Map<byte[], Long> earliest = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    families.forEach(family -> earliest.put(family, Long.MAX_VALUE));
    try (TableCursor cursor = storage.openSweepCursor(families, range())) {
      while (cursor.nextRow()) {
        if (cancelled.getAsBoolean()) {
          return false;
        }
        while (cursor.nextCell()) {
          if (!CellUtil.isDelete((byte) cursor.type())) {
            earliest.merge(cursor.family(), cursor.timestamp(), Math::min);
          }
        }
      }
    }
    earliest.forEach((family, timestamp) -> rules.put(family, rules.get(family).withEarliestPut(timestamp)));
    return true;
  }

  private TableCursor openCursor(List<byte[]> families, RowRange range) throws StorageException {
    return memtablesOnly ? storage.openMemtableCursor(families, range) : storage.openSweepCursor(families, range);
  }

  private List<byte[]> families() {
    return List.copyOf(rules.keySet());
  }

  private RowRange range() {
    return RowRange.forward(tablet.startRow(), tablet.endRow());
  }
}
