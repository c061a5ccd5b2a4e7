package io.basalt.storage.catalog;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Binary form of a {@link TableDefinition} as stored in the catalog. Versioned so the layout can evolve. */
public final class CatalogCodec {
  private static final String RECORD = "catalog record";
  /**
   * Version 3 adds the catalog index each family was created at (cluster mode); version 2 added each family's storage
   * options. Older records read back with created-at 0 and, for version 1, the default options.
   */
  private static final int FORMAT_VERSION = 3;

  private CatalogCodec() {}

  public static byte[] encode(TableDefinition table) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT_VERSION);
      out.writeLong(table.id());
      out.writeUTF(table.name());
      out.writeInt(table.nextFamilySequence());
      out.writeInt(table.families().size());
      for (FamilyDefinition family : table.families()) {
        LengthPrefixed.writeBytes(out, family.name());
        out.writeUTF(family.columnFamilyName());
        FamilyOptions options = family.options();
        out.writeByte(options.compression().ordinal());
        out.writeByte(options.bloom().ordinal());
        out.writeInt(options.blockSizeBytes());
        out.writeBoolean(options.blockCache());
        out.writeBoolean(options.highPriority());
        out.writeLong(family.createdAt());
      }
      out.writeInt(table.tablets().size());
      for (TabletDefinition tablet : table.tablets()) {
        out.writeLong(tablet.id());
        LengthPrefixed.writeBytes(out, tablet.startRow());
        LengthPrefixed.writeBytes(out, tablet.endRow());
      }
      out.writeInt(table.properties().size());
      for (Map.Entry<String, byte[]> property : table.properties().entrySet()) {
        out.writeUTF(property.getKey());
        LengthPrefixed.writeBytes(out, property.getValue());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory stream failed", e);
    }
    return bytes.toByteArray();
  }

  public static TableDefinition decode(byte[] record) throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(record))) {
      int version = in.readUnsignedByte();
      if (version < 1 || version > FORMAT_VERSION) {
        throw new IOException("unsupported catalog record version " + version);
      }
      long id = in.readLong();
      String name = in.readUTF();
      int nextFamilySequence = in.readInt();
      int familyCount = LengthPrefixed.readLength(in, RECORD);
      List<FamilyDefinition> families = new ArrayList<>(familyCount);
      for (int i = 0; i < familyCount; i++) {
        byte[] familyName = LengthPrefixed.readBytes(in, RECORD);
        String columnFamilyName = in.readUTF();
        FamilyOptions options = version == 1 ? FamilyOptions.DEFAULT : readOptions(in);
        long createdAt = version >= 3 ? in.readLong() : 0;
        families.add(new FamilyDefinition(familyName, columnFamilyName, options, createdAt));
      }
      int tabletCount = LengthPrefixed.readLength(in, RECORD);
      List<TabletDefinition> tablets = new ArrayList<>(tabletCount);
      for (int i = 0; i < tabletCount; i++) {
        long tabletId = in.readLong();
        byte[] startRow = LengthPrefixed.readBytes(in, RECORD);
        tablets.add(new TabletDefinition(tabletId, startRow, LengthPrefixed.readBytes(in, RECORD)));
      }
      int propertyCount = LengthPrefixed.readLength(in, RECORD);
      Map<String, byte[]> properties = new LinkedHashMap<>();
      for (int i = 0; i < propertyCount; i++) {
        properties.put(in.readUTF(), LengthPrefixed.readBytes(in, RECORD));
      }
      if (in.available() > 0) {
        throw new IOException("catalog record for " + name + " has " + in.available() + " trailing bytes");
      }
      return new TableDefinition(id, name, families, tablets, properties, nextFamilySequence);
    } catch (IllegalArgumentException e) {
      throw new IOException("invalid catalog record: " + e.getMessage(), e);
    }
  }

  private static FamilyOptions readOptions(DataInputStream in) throws IOException {
    FamilyOptions.Compression[] compressions = FamilyOptions.Compression.values();
    FamilyOptions.Bloom[] blooms = FamilyOptions.Bloom.values();
    int compression = in.readUnsignedByte();
    int bloom = in.readUnsignedByte();
    if (compression >= compressions.length || bloom >= blooms.length) {
      throw new IOException("corrupt catalog record: family options " + compression + "/" + bloom);
    }
    return new FamilyOptions(compressions[compression], blooms[bloom], in.readInt(), in.readBoolean(),
        in.readBoolean());
  }
}
