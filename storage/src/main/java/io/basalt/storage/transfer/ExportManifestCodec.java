package io.basalt.storage.transfer;

import io.basalt.storage.catalog.LengthPrefixed;
import io.basalt.storage.transfer.ExportManifest.FamilyExport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * The binary form of an {@link ExportManifest}:
 *
 * <pre>
 *   "BASALTTX"  version(1)  tableName(UTF)  startRow  endRow  sequenceNumber(8)
 *   familyCount(4)  { family  hasFile(1)  [fileName(UTF)]  cells(8)  fileBytes(8) }...
 *   digest  crc32c(4)
 * </pre>
 *
 * Byte fields are length-prefixed ({@link LengthPrefixed}), numbers big-endian. The CRC32C covers every byte before
 * it and is checked before anything is parsed: a manifest copied between nodes and damaged on the way is reported as
 * damaged, never read as a different export. The magic and version come first so that a later layout can be told
 * apart; this build reads version {@value ExportManifest#FORMAT_VERSION} only.
 */
final class ExportManifestCodec {
  private static final byte[] MAGIC = "BASALTTX".getBytes(StandardCharsets.US_ASCII);
  private static final String RECORD = "export manifest";
  /** The only file names an export writes; any other (a path, "..") is refused, as a manifest may come from a peer. */
  private static final Pattern FILE_NAME = Pattern.compile("f[0-9]{1,9}\\.sst");

  private ExportManifestCodec() {}

  static byte[] encode(ExportManifest manifest) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.write(MAGIC);
      out.writeByte(ExportManifest.FORMAT_VERSION);
      out.writeUTF(manifest.tableName());
      LengthPrefixed.writeBytes(out, manifest.startRow());
      LengthPrefixed.writeBytes(out, manifest.endRow());
      out.writeLong(manifest.sequenceNumber());
      out.writeInt(manifest.families().size());
      for (FamilyExport family : manifest.families()) {
        LengthPrefixed.writeBytes(out, family.family());
        out.writeBoolean(family.hasFile());
        if (family.hasFile()) {
          out.writeUTF(family.fileName());
        }
        out.writeLong(family.cells());
        out.writeLong(family.fileBytes());
      }
      LengthPrefixed.writeBytes(out, manifest.digest().bytes());
      CRC32C crc = new CRC32C();
      crc.update(bytes.toByteArray());
      out.writeInt((int) crc.getValue());
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory stream failed", e);
    }
    return bytes.toByteArray();
  }

  /** @throws IOException saying what is wrong if the bytes are not a whole, undamaged manifest this build reads */
  static ExportManifest decode(byte[] bytes) throws IOException {
    if (bytes.length < MAGIC.length + 1 + Integer.BYTES
        || !Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
      throw new IOException("not an export manifest (it does not start with " + new String(MAGIC,
          StandardCharsets.US_ASCII) + ")");
    }
    int body = bytes.length - Integer.BYTES;
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, body);
    if ((int) crc.getValue() != ByteBuffer.wrap(bytes, body, Integer.BYTES).getInt()) {
      throw new IOException("the export manifest is damaged (its CRC32C does not match its " + bytes.length
          + " bytes)");
    }
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, MAGIC.length, body - MAGIC.length))) {
      int version = in.readUnsignedByte();
      if (version != ExportManifest.FORMAT_VERSION) {
        throw new IOException("the export manifest has format version " + version + "; this build reads version "
            + ExportManifest.FORMAT_VERSION + " only");
      }
      String tableName = in.readUTF();
      byte[] startRow = LengthPrefixed.readBytes(in, RECORD);
      byte[] endRow = LengthPrefixed.readBytes(in, RECORD);
      long sequenceNumber = in.readLong();
      int familyCount = LengthPrefixed.readLength(in, RECORD);
      List<FamilyExport> families = new ArrayList<>();
      for (int i = 0; i < familyCount; i++) {
        byte[] family = LengthPrefixed.readBytes(in, RECORD);
        String fileName = in.readBoolean() ? checkedFileName(in.readUTF()) : null;
        families.add(new FamilyExport(family, fileName, in.readLong(), in.readLong()));
      }
      TabletDigest digest = new TabletDigest(LengthPrefixed.readBytes(in, RECORD));
      if (in.available() > 0) {
        throw new IOException("the export manifest has " + in.available() + " bytes after its last field");
      }
      return new ExportManifest(tableName, startRow, endRow, sequenceNumber, families, digest);
    } catch (EOFException e) {
      throw new IOException("the export manifest ends in the middle of a field", e);
    } catch (IllegalArgumentException e) {
      throw new IOException("the export manifest is inconsistent: " + e.getMessage(), e);
    }
  }

  private static String checkedFileName(String name) throws IOException {
    if (!FILE_NAME.matcher(name).matches()) {
      throw new IOException("the export manifest names a file " + name + ", which no export writes");
    }
    return name;
  }
}
