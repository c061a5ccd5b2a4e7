package io.basalt.storage.transfer;

import io.basalt.storage.errors.StorageException;
import io.basalt.storage.keys.ByteArrays;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What an export directory holds: the rows it covers, and for each family of the table (in family-name order) the SST
 * file with its cells in that range, or none when it had no cells there (RocksDB cannot finish an empty SST file),
 * with counts an import checks the files against; plus the {@link TabletDigest} of the exported cells. The table's
 * name and the RocksDB sequence number of the read point are recorded for people reading logs; an import needs
 * neither. Immutable.
 */
public final class ExportManifest {
  /** The layout of the manifest file this build writes, and the only one it reads. */
  public static final int FORMAT_VERSION = 1;
  /**
   * The manifest's name in an export directory. It is written last, so a directory holding it holds a whole export;
   * the other files are the SST files it names.
   */
  public static final String FILE_NAME = "tablet-export.manifest";

  private final String tableName;
  private final byte[] startRow;
  private final byte[] endRow;
  private final long sequenceNumber;
  private final List<FamilyExport> families;
  private final TabletDigest digest;

  /**
   * One family's part of an export.
   *
   * @param fileName the SST file in the export directory holding the family's cells; null when it had none
   * @param cells how many stored keys (cells and delete markers) the file holds
   * @param fileBytes the file's size
   */
  public record FamilyExport(byte[] family, String fileName, long cells, long fileBytes) {
    public FamilyExport {
      family = family.clone();
      if ((fileName == null) != (cells == 0)) {
        throw new IllegalArgumentException("family " + ByteArrays.toPrintable(family)
            + " must have a file exactly when it has cells: " + fileName + ", " + cells + " cells");
      }
      if (cells < 0 || fileBytes < 0 || (fileName == null && fileBytes != 0)) {
        throw new IllegalArgumentException("family " + ByteArrays.toPrintable(family) + " has " + cells
            + " cells in " + fileBytes + " bytes");
      }
    }

    /** A family with no cells in the exported range. */
    static FamilyExport empty(byte[] family) {
      return new FamilyExport(family, null, 0, 0);
    }

    @Override
    public byte[] family() {
      return family.clone();
    }

    public boolean hasFile() {
      return fileName != null;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof FamilyExport other && Arrays.equals(family, other.family)
          && Objects.equals(fileName, other.fileName) && cells == other.cells
          && fileBytes == other.fileBytes;
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(family) * 31 + Long.hashCode(cells);
    }

    @Override
    public String toString() {
      return ByteArrays.toPrintable(family) + (fileName == null ? ": no cells"
          : ": " + cells + " cells in " + fileName + " (" + fileBytes + " bytes)");
    }
  }

  ExportManifest(String tableName, byte[] startRow, byte[] endRow, long sequenceNumber, List<FamilyExport> families,
      TabletDigest digest) {
    RangeReader.checkRange(startRow, endRow);
    this.tableName = tableName;
    this.startRow = startRow.clone();
    this.endRow = endRow.clone();
    this.sequenceNumber = sequenceNumber;
    this.families = List.copyOf(families);
    this.digest = digest;
    for (int i = 1; i < this.families.size(); i++) {
      if (ByteArrays.compare(this.families.get(i - 1).family, this.families.get(i).family) >= 0) {
        throw new IllegalArgumentException("families of an export must be distinct and sorted by name");
      }
    }
  }

  /**
   * Reads the manifest of the export in {@code directory}, e.g. to learn its digest or size before shipping it.
   *
   * @throws StorageException if there is none, or it is damaged or of another format version
   */
  public static ExportManifest read(Path directory) throws StorageException {
    return ExportCheck.readManifest(directory);
  }

  /** The table the export was taken of, under the name it had then. */
  public String tableName() {
    return tableName;
  }

  /** First row of the range; empty for the first row of the table. */
  public byte[] startRow() {
    return startRow.clone();
  }

  /** First row after the range; empty for past the last row of the table. */
  public byte[] endRow() {
    return endRow.clone();
  }

  /** RocksDB's sequence number of the read point the export was taken at, in the store it came from. */
  public long sequenceNumber() {
    return sequenceNumber;
  }

  /** Every family of the table, in family-name order. */
  public List<FamilyExport> families() {
    return families;
  }

  /** Digest of the exported cells, equal to {@link TabletDigest#of} of the range where they came from. */
  public TabletDigest digest() {
    return digest;
  }

  /** Stored keys (cells and delete markers) across all families. */
  public long cells() {
    return families.stream().mapToLong(FamilyExport::cells).sum();
  }

  /** Bytes of the SST files. */
  public long fileBytes() {
    return families.stream().mapToLong(FamilyExport::fileBytes).sum();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ExportManifest other && tableName.equals(other.tableName)
        && Arrays.equals(startRow, other.startRow) && Arrays.equals(endRow, other.endRow)
        && sequenceNumber == other.sequenceNumber && families.equals(other.families) && digest.equals(other.digest);
  }

  @Override
  public int hashCode() {
    return digest.hashCode();
  }

  @Override
  public String toString() {
    return "export of table " + tableName + " rows [" + ByteArrays.toPrintable(startRow) + ", "
        + ByteArrays.toPrintable(endRow) + ") at sequence number " + sequenceNumber + ": " + cells() + " cells in "
        + fileBytes() + " bytes, " + families;
  }
}
