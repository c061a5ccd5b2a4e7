package io.basalt.hbase.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.hbase.read.CellTtls;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The cells HBase's compactions keep, judged one family of one row at a time, cells in HBase order. */
class CompactionMatcherTest {
  private static final byte PUT = KeyValue.Type.Put.getCode();
  private static final byte DELETE = KeyValue.Type.Delete.getCode();
  private static final byte DELETE_COLUMN = KeyValue.Type.DeleteColumn.getCode();
  private static final byte DELETE_FAMILY = KeyValue.Type.DeleteFamily.getCode();
  private static final byte DELETE_FAMILY_VERSION = KeyValue.Type.DeleteFamilyVersion.getCode();
  private static final long NO_TTL = Long.MIN_VALUE;
  private static final long NOW = 1_000;

  @Test
  void majorCompactionDropsMarkersAndWhatTheyHide() {
    CompactionRules rules = new CompactionRules(3, 0, NO_TTL, KeepDeletedCells.FALSE, true, Long.MIN_VALUE, NOW);
    assertEquals(List.of("b/4/Put", "c/7/Put"), kept(rules,
        cell("", 3, DELETE_FAMILY),
        cell("a", 2, PUT),
        cell("b", 5, DELETE),
        cell("b", 5, PUT),
        cell("b", 4, PUT),
        cell("b", 3, PUT),
        cell("c", 7, PUT),
        cell("c", 6, DELETE_COLUMN),
        cell("c", 6, PUT)));
  }

  @Test
  void minorCompactionKeepsMarkersButDropsWhatTheyHide() {
    CompactionRules rules = new CompactionRules(3, 0, NO_TTL, KeepDeletedCells.FALSE, false, Long.MIN_VALUE, NOW);
    assertEquals(List.of("/3/DeleteFamily", "b/5/Delete", "b/4/Put"), kept(rules,
        cell("", 3, DELETE_FAMILY),
        cell("a", 2, PUT),
        cell("b", 5, DELETE),
        cell("b", 5, PUT),
        cell("b", 4, PUT)));
  }

  @Test
  void versionsPastTheLimitAndExpiredCellsGoUnlessMinVersionsKeepsThem() {
    CompactionRules versions = new CompactionRules(2, 0, NO_TTL, KeepDeletedCells.FALSE, true, Long.MIN_VALUE, NOW);
    assertEquals(List.of("a/9/Put", "a/8/Put", "b/1/Put"), kept(versions,
        cell("a", 9, PUT), cell("a", 8, PUT), cell("a", 7, PUT), cell("b", 1, PUT)));

    CompactionRules ttl = new CompactionRules(5, 0, 100, KeepDeletedCells.FALSE, true, Long.MIN_VALUE, NOW);
    assertEquals(List.of("a/150/Put"), kept(ttl, cell("a", 150, PUT), cell("a", 99, PUT), cell("b", 50, PUT)));

    CompactionRules minVersions = new CompactionRules(5, 1, 100, KeepDeletedCells.FALSE, true, Long.MIN_VALUE, NOW);
    assertEquals(List.of("a/150/Put", "b/50/Put"), kept(minVersions,
        cell("a", 150, PUT), cell("a", 99, PUT), cell("b", 50, PUT), cell("b", 40, PUT)));
  }

  @Test
  void keptDeletedCellsStayWithTheirMarkersWithinVersionsAndTtl() {
    CompactionRules keep = new CompactionRules(2, 0, NO_TTL, KeepDeletedCells.TRUE, true, Long.MIN_VALUE, NOW);
    assertEquals(List.of("a/5/DeleteColumn", "a/5/Put", "a/4/Put"), kept(keep,
        cell("a", 5, DELETE_COLUMN), cell("a", 5, PUT), cell("a", 4, PUT), cell("a", 3, PUT)));

    // Markers older than every put of the family hide nothing and go even so.
    CompactionRules noOlderPut = keep.withEarliestPut(10);
    assertEquals(List.of("a/12/Put"), kept(noOlderPut, cell("a", 12, PUT), cell("b", 5, DELETE_COLUMN)));

    // TTL: deleted cells are kept until their marker expires; then the marker hides them and both go.
    CompactionRules untilExpired = new CompactionRules(5, 1, 100, KeepDeletedCells.TTL, true, Long.MIN_VALUE, NOW);
    assertEquals(List.of("a/150/DeleteColumn", "a/140/Put", "c/1/Put"), kept(untilExpired,
        cell("a", 150, DELETE_COLUMN), cell("a", 140, PUT),
        cell("b", 90, DELETE_COLUMN), cell("b", 80, PUT), cell("b", 70, PUT),
        cell("c", 1, PUT)));
  }

  @Test
  void familyMarkersAfterAnOverflowingEmptyQualifierColumnStillHideOtherColumns() {
    CompactionRules rules = new CompactionRules(1, 0, NO_TTL, KeepDeletedCells.FALSE, false, Long.MIN_VALUE, NOW);
    assertEquals(List.of("/9/Put", "/5/DeleteFamily", "a/6/Put"), kept(rules,
        cell("", 9, PUT),
        cell("", 8, PUT),
        cell("", 5, DELETE_FAMILY),
        cell("a", 6, PUT),
        cell("a", 4, PUT)));
  }

  @Test
  void putsWhoseOwnTtlRanOutGoInMinorAndMajorCompactionsAndCountAsNoVersion() {
    for (boolean major : new boolean[] {false, true}) {
      CompactionRules oneVersion = new CompactionRules(1, 0, NO_TTL, KeepDeletedCells.FALSE, major, Long.MIN_VALUE,
          NOW);
      // a@900 expired at 950 (before NOW), so a@800 is the column's one version; b@900 lives until 1,000 exactly.
      assertEquals(List.of("a/800/Put", "b/900/Put"), kept(oneVersion,
          cell("a", 900, PUT, 50), cell("a", 800, PUT), cell("a", 700, PUT), cell("b", 900, PUT, 100)),
          major ? "major" : "minor");
    }
  }

  /**
   * The cells of r08 b:q0 that DifferentialTest's seed 1 flushed and then major-compacted with a version at 35
   * already in a file, VERSIONS 1: in the flush, expired puts count as no version, the family-version marker at 40
   * hides 40 and the latest-version delete (35) hides nothing in the memstore, so 31 is the version kept; in the major
   * compaction the delete hides 35 alone and 31 stays, as on HBase 2.6.4 with no scanner open (CompactionOracleTest).
   */
  @Test
  void aVersionDeleteOverAFlushedVersionLeavesTheVersionBelowIt() {
    CompactionRules flush = new CompactionRules(1, 0, NO_TTL, KeepDeletedCells.FALSE, false, Long.MIN_VALUE, NOW);
    assertEquals(List.of("/40/DeleteFamilyVersion", "/24/DeleteFamily", "q0/35/Delete", "q0/31/Put"), kept(flush,
        cell("", 40, DELETE_FAMILY_VERSION),
        cell("", 24, DELETE_FAMILY),
        cell("q0", 40, PUT),
        cell("q0", 35, DELETE),
        cell("q0", 33, PUT, 954),
        cell("q0", 32, PUT, 23),
        cell("q0", 31, PUT),
        cell("q0", 29, PUT),
        cell("q0", 14, PUT),
        cell("q0", 13, PUT, 788),
        cell("q0", 6, PUT)));

    CompactionRules major = new CompactionRules(1, 0, NO_TTL, KeepDeletedCells.FALSE, true, Long.MIN_VALUE, NOW);
    assertEquals(List.of("q0/31/Put"), kept(major,
        cell("", 40, DELETE_FAMILY_VERSION),
        cell("", 24, DELETE_FAMILY),
        cell("q0", 35, DELETE),
        cell("q0", 35, PUT),
        cell("q0", 31, PUT)));
  }

  @Test
  void minVersionsDoesNotKeepAPutPastItsOwnTtl() {
    CompactionRules minVersions = new CompactionRules(5, 2, 100, KeepDeletedCells.FALSE, true, Long.MIN_VALUE, NOW);
    assertEquals(List.of("a/50/Put"), kept(minVersions, cell("a", 900, PUT, 10), cell("a", 50, PUT)));
  }

  @Test
  void aTtlSummingPastLongMaxValueNeverRunsOut() {
    CompactionRules rules = new CompactionRules(5, 0, NO_TTL, KeepDeletedCells.FALSE, true, Long.MIN_VALUE,
        Long.MAX_VALUE - 1);
    assertEquals(List.of("a/900/Put"), kept(rules, cell("a", 900, PUT, Long.MAX_VALUE - 10)));
  }

  private record Stored(String qualifier, long timestamp, byte type, long ttl) {}

  private static Stored cell(String qualifier, long timestamp, byte type) {
    return new Stored(qualifier, timestamp, type, CellTtls.NONE);
  }

  private static Stored cell(String qualifier, long timestamp, byte type, long ttl) {
    return new Stored(qualifier, timestamp, type, ttl);
  }

  private static List<String> kept(CompactionRules rules, Stored... cells) {
    CompactionMatcher matcher = new CompactionMatcher(rules);
    matcher.startRow();
    List<String> kept = new ArrayList<>();
    for (Stored cell : cells) {
      if (matcher.keeps(Bytes.toBytes(cell.qualifier()), cell.timestamp(), cell.type(), cell.ttl())) {
        kept.add(cell.qualifier() + "/" + cell.timestamp() + "/" + KeyValue.Type.codeToType(cell.type()));
      }
    }
    return kept;
  }
}
