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
