package io.basalt.hbase.keyviz;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Key Visualizer's columns on disk, so that they outlive a restart: per tier a directory of files, one per chunk
 * of time ({@code <chunk start millis>.columns}), each a sequence of records {@code [length][column][crc32]}. Old
 * columns go a whole file at a time once past their tier's retention. A record torn by a crash ends its file's
 * readable part, and the file is cut back to it when the server starts, so that later records stay readable.
 * The columns are this node's own (what its requests did), never replicated.
 */
final class ColumnFiles {
  private static final Logger LOG = LoggerFactory.getLogger(ColumnFiles.class);
  private static final String SUFFIX = ".columns";
  private static final int MAX_RECORD_BYTES = 64 << 20;

  private final Path directory;

  ColumnFiles(Path directory) throws IOException {
    this.directory = directory;
    for (Tier tier : Tier.values()) {
      Files.createDirectories(directory.resolve(tier.directory));
      for (Path file : files(tier)) {
        repair(file);
      }
    }
  }

  synchronized void append(Tier tier, ActivityColumn column) throws IOException {
    byte[] encoded = ColumnCodec.encode(column);
    CRC32 crc = new CRC32();
    crc.update(encoded);
    ByteBuffer record = ByteBuffer.allocate(4 + encoded.length + 8);
    record.putInt(encoded.length).put(encoded).putLong(crc.getValue()).flip();
    Path file = directory.resolve(tier.directory).resolve(tier.chunkStart(column.startMillis()) + SUFFIX);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.APPEND)) {
      while (record.hasRemaining()) {
        channel.write(record);
      }
    }
  }

  /**
   * The columns of {@code tier} that start in {@code [fromMillis, toMillis)}, oldest first: the table's, or every
   * table's when {@code table} is null.
   */
  synchronized List<ActivityColumn> read(Tier tier, String table, long fromMillis, long toMillis)
      throws IOException {
    List<ActivityColumn> columns = new ArrayList<>();
    for (Path file : files(tier)) {
      long chunkStart = chunkStartOf(file);
      if (chunkStart >= toMillis || chunkStart + tier.chunk.toMillis() <= fromMillis) {
        continue;
      }
      for (byte[] encoded : records(file).records()) {
        ActivityColumn column = ColumnCodec.decode(encoded);
        boolean ofTable = table == null || column.table().equals(table);
        if (ofTable && column.startMillis() >= fromMillis && column.startMillis() < toMillis) {
          columns.add(column);
        }
      }
    }
    columns.sort((a, b) -> Long.compare(a.startMillis(), b.startMillis()));
    return columns;
  }

  /** Deletes the files whose every column is past its tier's retention at {@code nowMillis}. */
  synchronized void prune(long nowMillis) throws IOException {
    for (Tier tier : Tier.values()) {
      for (Path file : files(tier)) {
        if (chunkStartOf(file) + tier.chunk.toMillis() < nowMillis - tier.retention.toMillis()) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  private List<Path> files(Tier tier) throws IOException {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> listing = Files.newDirectoryStream(directory.resolve(tier.directory),
        "*" + SUFFIX)) {
      for (Path file : listing) {
        if (chunkStartOf(file) >= 0) {
          files.add(file);
        }
      }
    }
    files.sort(null);
    return files;
  }

  private static long chunkStartOf(Path file) {
    String name = file.getFileName().toString();
    try {
      return Long.parseLong(name.substring(0, name.length() - SUFFIX.length()));
    } catch (NumberFormatException e) {
      return -1; // not one of ours
    }
  }

  /** A file's whole records, and the length they take: the rest, if any, is a torn record. */
  private record Readable(List<byte[]> records, long length) {}

  private static Readable records(Path file) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
    List<byte[]> records = new ArrayList<>();
    while (bytes.remaining() >= 4) {
      int start = bytes.position();
      int length = bytes.getInt();
      if (length < 0 || length > MAX_RECORD_BYTES || bytes.remaining() < length + 8) {
        bytes.position(start);
        break;
      }
      byte[] record = new byte[length];
      bytes.get(record);
      CRC32 crc = new CRC32();
      crc.update(record);
      if (bytes.getLong() != crc.getValue()) {
        bytes.position(start);
        break;
      }
      records.add(record);
    }
    return new Readable(records, bytes.position());
  }

  /** Cuts a file back to its whole records. */
  private static void repair(Path file) throws IOException {
    Readable readable = records(file);
    long size = Files.size(file);
    if (readable.length() < size) {
      LOG.warn("Key Visualizer file {} ends in a torn record ({} of {} bytes readable); cutting it back", file,
          readable.length(), size);
      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
        channel.truncate(readable.length());
      }
    }
  }
}
