package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.WriteTooLargeException;
import io.basalt.storage.keys.ByteArrays;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Raft log entries read back as written, and damaged ones refused rather than half applied. */
class ReplicatedEntriesTest {

  @Test
  void aWriteEntryReadsBackCellForCell() throws IOException {
    RowMutation first = RowMutation.forRow(new byte[] {0, 1, (byte) 0xFF})
        .add(bytes("a"), new byte[0], Long.MIN_VALUE, 4, new byte[300])
        .add(bytes("b"), bytes("q"), Long.MAX_VALUE, 14, new byte[0])
        .erase(bytes("a"), bytes("old"), -1, 3).build();
    RowMutation second = RowMutation.forRow(bytes("row2")).add(bytes("a"), bytes("q"), 7, 4, bytes("v")).build();
    byte[] entry = TabletEntries.encodeWrite(42, 17, List.of(first, second), new byte[] {7, 8});

    TabletEntries.Write write = (TabletEntries.Write) TabletEntries.decode(entry);
    assertEquals(42, write.tableId());
    assertEquals(17, write.catalogIndex());
    assertArrayEquals(new byte[] {7, 8}, write.note());
    assertEquals(2, write.mutations().size());
    RowMutation decoded = write.mutations().get(0);
    assertArrayEquals(first.row(), decoded.row());
    for (int i = 0; i < first.cells().size(); i++) {
      RowMutation.CellWrite want = first.cells().get(i);
      RowMutation.CellWrite got = decoded.cells().get(i);
      assertArrayEquals(want.family(), got.family());
      assertArrayEquals(want.qualifier(), got.qualifier());
      assertEquals(want.timestamp(), got.timestamp());
      assertEquals(want.type(), got.type());
      assertArrayEquals(want.value(), got.value());
    }
    RowMutation.CellErasure erased = decoded.erasures().get(0);
    assertArrayEquals(bytes("old"), erased.qualifier());
    assertEquals(-1, erased.timestamp());
    assertEquals(3, erased.type());
    assertArrayEquals(bytes("v"), write.mutations().get(1).cells().get(0).value());

    assertThrows(IOException.class, () -> TabletEntries.decode(Arrays.copyOf(entry, entry.length - 1)));
    assertThrows(IOException.class, () -> TabletEntries.decode(Arrays.copyOf(entry, entry.length + 1)));
  }

  @Test
  void aWriteLargerThanAnEntryGoesAsSeveralSplitBetweenRows() throws IOException {
    int maxBytes = 64 * 1024;
    List<RowMutation> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(RowMutation.forRow(bytes("row" + i)).add(bytes("a"), bytes("q"), i, 4, new byte[20_000]).build());
    }
    byte[] note = {7, 8};
    List<byte[]> entries = TabletEntries.encodeWrites(42, 17, rows, note, maxBytes);
    assertTrue(entries.size() >= 4, "10 rows of 20 KB in entries of 64 KB: " + entries.size());
    int next = 0;
    for (int e = 0; e < entries.size(); e++) {
      assertTrue(entries.get(e).length <= maxBytes, "entry " + e + " of " + entries.get(e).length + " bytes");
      TabletEntries.Write write = (TabletEntries.Write) TabletEntries.decode(entries.get(e));
      assertEquals(42, write.tableId());
      assertEquals(17, write.catalogIndex());
      // The note (a request's nonce) goes with the last entry: the request counts as applied once all of it is.
      assertArrayEquals(e == entries.size() - 1 ? note : new byte[0], write.note());
      for (RowMutation mutation : write.mutations()) {
        assertArrayEquals(rows.get(next++).row(), mutation.row());
      }
    }
    assertEquals(rows.size(), next);

    List<RowMutation> fits = rows.subList(0, 2);
    assertEquals(1, TabletEntries.encodeWrites(42, 17, fits, note, maxBytes).size());
    RowMutation huge = RowMutation.forRow(bytes("huge")).add(bytes("a"), bytes("q"), 1, 4, new byte[maxBytes])
        .build();
    WriteTooLargeException refused = assertThrows(WriteTooLargeException.class,
        () -> TabletEntries.encodeWrites(42, 17, List.of(rows.get(0), huge), note, maxBytes));
    assertTrue(refused.getMessage().contains("huge") && refused.getMessage().contains("entry.max.bytes"),
        refused.getMessage());
  }

  @Test
  void aFenceReadsBackWithItsTablets() throws IOException {
    TabletEntries.Fence split = new TabletEntries.Fence(42, List.of(new TabletDefinition(5, ByteArrays.EMPTY,
        ByteArrays.EMPTY)), List.of(new TabletDefinition(9, ByteArrays.EMPTY, bytes("m")), new TabletDefinition(9,
        bytes("m"), ByteArrays.EMPTY)), false);
    TabletEntries.Fence read = (TabletEntries.Fence) TabletEntries.decode(TabletEntries.encodeFence(split));
    assertTrue(read.sameChange(split));
    assertEquals(split.successors(), read.successors());
    TabletEntries.Fence lifted = (TabletEntries.Fence) TabletEntries.decode(TabletEntries.encodeFence(split.lift()));
    assertTrue(lifted.lifted() && lifted.sameChange(split));
    byte[] entry = TabletEntries.encodeFence(split);
    assertThrows(IOException.class, () -> TabletEntries.decode(Arrays.copyOf(entry, entry.length + 1)));
  }

  @Test
  void aFlushReadsBackWithItsTable() throws IOException {
    byte[] entry = TabletEntries.encodeFlush(new TabletEntries.Flush(42));
    assertEquals(new TabletEntries.Flush(42), TabletEntries.decode(entry));
    assertThrows(IOException.class, () -> TabletEntries.decode(Arrays.copyOf(entry, entry.length + 1)));
  }

  @Test
  void catalogEntriesReadBack() throws IOException {
    TableDefinition template = new TableDefinition(0, "ns:t",
        List.of(new FamilyDefinition(bytes("f"), "", FamilyOptions.DEFAULT)),
        List.of(new TabletDefinition(5, ByteArrays.EMPTY, bytes("m")), new TabletDefinition(5, bytes("m"),
            ByteArrays.EMPTY)), Map.of("k", bytes("v")), 1);
    CatalogEntries.Entry create = CatalogEntries.decode(CatalogEntries.createTable(template, new byte[] {9}));
    assertEquals(CatalogEntries.CREATE_TABLE, create.kind());
    assertEquals("ns:t", create.table().name());
    assertEquals(template.tablets(), create.table().tablets());
    assertArrayEquals(bytes("v"), create.table().property("k").orElseThrow());
    assertArrayEquals(new byte[] {9}, create.value());

    CatalogEntries.Entry reshape = CatalogEntries.decode(CatalogEntries.reshapeTable(template, new byte[] {8}));
    assertEquals(CatalogEntries.RESHAPE_TABLE, reshape.kind());
    assertEquals(template.families(), reshape.table().families());
    assertArrayEquals(new byte[] {8}, reshape.value());
    CatalogEntries.Entry drop = CatalogEntries.decode(CatalogEntries.dropTable("ns:t", new byte[] {7}));
    assertEquals("ns:t", drop.name());
    assertArrayEquals(new byte[] {7}, drop.value());
    CatalogEntries.Entry properties = CatalogEntries.decode(CatalogEntries.replaceProperties("t", Map.of("a",
        bytes("1")), new byte[0]));
    assertArrayEquals(bytes("1"), properties.properties().get("a"));
    assertArrayEquals(new byte[0], properties.value());
    CatalogEntries.Entry system = CatalogEntries.decode(CatalogEntries.putSystemProperty("x", bytes("y")));
    assertEquals("x", system.key());
    assertArrayEquals(bytes("y"), system.value());

    CatalogEntries.Answer answer = CatalogEntries.readAnswer(CatalogEntries.answer(CatalogEntries.TABLE_EXISTS,
        "ns:t"));
    assertEquals(CatalogEntries.TABLE_EXISTS, answer.status());
    assertEquals("ns:t", answer.message());
    assertThrows(IOException.class, () -> CatalogEntries.decode(new byte[] {1, 99}));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
