package io.basalt.storage.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.storage.keys.ByteArrays;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Table definitions read back as written, and records of the earlier versions still read (stores written then). */
class CatalogCodecTest {
  @Test
  void aDefinitionReadsBackWithEachFamilysCreationIndex() throws IOException {
    TableDefinition table = new TableDefinition(42, "ns:t", List.of(
        new FamilyDefinition(bytes("a"), "t42.f0", FamilyOptions.DEFAULT, 42),
        new FamilyDefinition(bytes("b"), "t42.f3", new FamilyOptions(FamilyOptions.Compression.ZSTD,
            FamilyOptions.Bloom.KEY, 4096, false, true), 57)),
        List.of(new TabletDefinition(7, ByteArrays.EMPTY, bytes("m")), new TabletDefinition(7, bytes("m"),
            ByteArrays.EMPTY)), Map.of("k", bytes("v")), 4);
    TableDefinition read = CatalogCodec.decode(CatalogCodec.encode(table));
    assertEquals(table.families(), read.families());
    assertEquals(57, read.families().get(1).createdAt());
    assertEquals(table.tablets(), read.tablets());
    assertEquals(4, read.nextFamilySequence());
  }

  @Test
  void aVersionTwoRecordReadsWithFamiliesCreatedAtZero() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(2);
      out.writeLong(3);
      out.writeUTF("t");
      out.writeInt(1);
      out.writeInt(1);
      LengthPrefixed.writeBytes(out, bytes("f"));
      out.writeUTF("t3.f0");
      out.writeByte(FamilyOptions.Compression.LZ4.ordinal());
      out.writeByte(FamilyOptions.Bloom.NONE.ordinal());
      out.writeInt(64 * 1024);
      out.writeBoolean(true);
      out.writeBoolean(false);
      out.writeInt(1);
      out.writeLong(9);
      LengthPrefixed.writeBytes(out, ByteArrays.EMPTY);
      LengthPrefixed.writeBytes(out, ByteArrays.EMPTY);
      out.writeInt(0);
    }
    TableDefinition read = CatalogCodec.decode(bytes.toByteArray());
    assertEquals(List.of(new FamilyDefinition(bytes("f"), "t3.f0", FamilyOptions.DEFAULT, 0)), read.families());
    assertEquals(9, read.tablets().get(0).id());
  }

  @Test
  void anUnknownVersionIsRefused() {
    assertThrows(IOException.class, () -> CatalogCodec.decode(new byte[] {4}));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
