package io.basalt.storage.snapshotfiles;

import io.basalt.storage.catalog.CatalogCodec;
import io.basalt.storage.catalog.LengthPrefixed;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.snapshotfiles.TableSnapshot.FamilyFile;
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

/**
 * Binary form of a snapshot's manifest: its name, creation time, the table definition (in the catalog's own
 * encoding), the caller's properties and the family files. Versioned so the layout can evolve.
 */
final class ManifestCodec {
  private static final String RECORD = "snapshot manifest";
  private static final int FORMAT_VERSION = 1;
  /** Upper bound on any length read back, so a corrupt manifest fails cleanly instead of allocating gigabytes. */

  private ManifestCodec() {}

  static byte[] encode(TableSnapshot snapshot) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT_VERSION);
      out.writeUTF(snapshot.name());
      out.writeLong(snapshot.createdMillis());
      LengthPrefixed.writeBytes(out, CatalogCodec.encode(snapshot.table()));
      out.writeInt(snapshot.properties().size());
      for (Map.Entry<String, byte[]> property : snapshot.properties().entrySet()) {
        out.writeUTF(property.getKey());
        LengthPrefixed.writeBytes(out, property.getValue());
      }
      out.writeInt(snapshot.files().size());
      for (FamilyFile file : snapshot.files()) {
        LengthPrefixed.writeBytes(out, file.family());
        out.writeUTF(file.fileName());
        out.writeLong(file.sizeBytes());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory stream failed", e);
    }
    return bytes.toByteArray();
  }

  static TableSnapshot decode(byte[] manifest) throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(manifest))) {
      int version = in.readUnsignedByte();
      if (version != FORMAT_VERSION) {
        throw new IOException("unsupported snapshot manifest version " + version);
      }
      String name = in.readUTF();
      long createdMillis = in.readLong();
      TableDefinition table = CatalogCodec.decode(LengthPrefixed.readBytes(in, RECORD));
      int propertyCount = LengthPrefixed.readLength(in, RECORD);
      Map<String, byte[]> properties = new LinkedHashMap<>();
      for (int i = 0; i < propertyCount; i++) {
        properties.put(in.readUTF(), LengthPrefixed.readBytes(in, RECORD));
      }
      int fileCount = LengthPrefixed.readLength(in, RECORD);
      List<FamilyFile> files = new ArrayList<>(fileCount);
      for (int i = 0; i < fileCount; i++) {
        files.add(new FamilyFile(LengthPrefixed.readBytes(in, RECORD), in.readUTF(), in.readLong()));
      }
      if (in.available() > 0) {
        throw new IOException("snapshot manifest of " + name + " has " + in.available() + " trailing bytes");
      }
      return new TableSnapshot(name, createdMillis, table, properties, files);
    }
  }
}
