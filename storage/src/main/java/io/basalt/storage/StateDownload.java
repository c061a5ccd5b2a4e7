package io.basalt.storage;

import io.basalt.storage.StateMessages.Answer;
import io.basalt.storage.StateMessages.ExportedFile;
import io.basalt.storage.StateMessages.Ready;
import io.basalt.storage.replication.StateSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fetches a state another member writes out ({@link StateExports}) into a local directory, following
 * {@link StateMessages}: the member is asked to write it out once it holds every entry the leader purged from its
 * log (which is why the state is needed; see {@link StateSource#ask}); then its status is asked until it is ready,
 * and its files are copied chunk by chunk and forced to disk. Any failure ends the fetch; the caller starts anew.
 */
final class StateDownload {
  private static final Logger LOG = LoggerFactory.getLogger(StateDownload.class);
  /** How long one status request waits on the member for the export to finish before it is asked again. */
  private static final long STATUS_WAIT_MILLIS = 5_000;

  private StateDownload() {}

  /** A state fetched into {@code directory}, under its export's id on the member. */
  record Downloaded(String exportId, Ready ready, Path directory) {}

  /**
   * Fetches the member's state into {@code directory}, which must not exist yet.
   *
   * @param what the state, for messages
   */
  static Downloaded fetch(StateSource source, Path directory, String what) throws IOException {
    long began = System.nanoTime();
    Answer started = answer(StateMessages.START, source.ask(StateMessages.start(), true), source, what);
    String exportId = started.text();
    try {
      Ready ready = awaitReady(source, exportId, what);
      long exported = System.nanoTime();
      Files.createDirectories(directory.getParent());
      Files.createDirectory(directory);
      for (int i = 0; i < ready.files().size(); i++) {
        ExportedFile file = ready.files().get(i);
        if (!StateFiles.isPlainName(file.name())) {
          throw new IOException("node " + source.node() + " named a file of " + what + " " + file.name());
        }
        copy(source, exportId, i, file, directory.resolve(file.name()), what);
      }
      StateFiles.syncDirectory(directory);
      long copied = System.nanoTime();
      LOG.info("Fetched {} up to entry {} from node {}: {} files, {} bytes in {} ms ({} ms for the export, {} ms "
          + "copying)", what, ready.index().index(), source.node(), ready.files().size(), ready.bytes(),
          (copied - began) / 1_000_000, (exported - began) / 1_000_000, (copied - exported) / 1_000_000);
      return new Downloaded(exportId, ready, directory);
    } catch (IOException | RuntimeException e) {
      finish(source, exportId);
      try {
        StateFiles.removeTree(directory);
      } catch (IOException removing) {
        e.addSuppressed(removing);
      }
      throw e;
    }
  }

  private static Ready awaitReady(StateSource source, String exportId, String what) throws IOException {
    while (true) {
      Answer status = answer(StateMessages.STATUS, source.ask(StateMessages.status(exportId, STATUS_WAIT_MILLIS),
          false), source, what);
      if (status.status() == StateMessages.READY) {
        return status.ready();
      }
    }
  }

  private static void copy(StateSource source, String exportId, int index, ExportedFile file, Path target,
      String what) throws IOException {
    try (FileChannel channel = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      long offset = 0;
      while (offset < file.bytes()) {
        byte[] data = answer(StateMessages.CHUNK, source.ask(StateMessages.chunk(exportId, index, offset,
            StateExports.CHUNK_BYTES), false), source, what).data();
        if (data.length == 0) {
          throw new IOException("file " + file.name() + " of " + what + " on node " + source.node() + " ends at "
              + offset + " bytes, not " + file.bytes());
        }
        ByteBuffer buffer = ByteBuffer.wrap(data);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        offset += data.length;
      }
      channel.force(true);
    }
  }

  /** Tells the member it may delete the export; if it cannot be told, it deletes it once unused for a while. */
  static void finish(StateSource source, String exportId) {
    try {
      answer(StateMessages.DONE, source.ask(StateMessages.done(exportId), false), source, "an export");
    } catch (IOException | RuntimeException e) {
      LOG.info("Could not tell node {} that export {} is done (it deletes it when unused): {}", source.node(),
          exportId, e.getMessage());
    }
  }

  /** The answer, if it is one the request expects; throws if the member failed or does not know the export. */
  private static Answer answer(int kind, byte[] bytes, StateSource source, String what) throws IOException {
    Answer answer = StateMessages.readAnswer(kind, bytes);
    return switch (answer.status()) {
      case StateMessages.FAILED -> throw new IOException("node " + source.node() + " could not give " + what + ": "
          + answer.text());
      case StateMessages.UNKNOWN_EXPORT -> throw new IOException("node " + source.node() + " no longer has the "
          + "export of " + what + " (" + answer.text() + ")");
      default -> answer;
    };
  }
}
