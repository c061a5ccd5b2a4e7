package io.basalt.storage;

import io.basalt.storage.StateMessages.ExportedFile;
import io.basalt.storage.StateMessages.Ready;
import io.basalt.storage.StateMessages.Request;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.AppliedIndex;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The states this node has written out for other members catching up ({@link StateMessages} is the protocol):
 * each in a directory of its own under {@code transfer/exports} in the store's directory, fetched chunk by chunk,
 * and deleted when the member says it is done, when no request has touched it for {@link #UNUSED} (the member gave
 * up or stopped), or when this node starts again (no member can ask for an export of before: its id is unknown).
 *
 * <p>Requests arrive on Ratis's threads and are answered without blocking them: exports are written on threads of
 * their own (two, so that a wiped node fetching every tablet keeps both cores of a small machine at most), and
 * files are read on a third, which also sweeps unused exports.
 */
final class StateExports implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StateExports.class);
  /**
   * Bytes of a file per answer: well inside the 64 MB message limit of Ratis's gRPC, and enough that the round trip
   * of each answer costs little next to the bytes it carries.
   */
  static final int CHUNK_BYTES = 4 << 20;
  /** An export no request has touched for this long is deleted. */
  static final Duration UNUSED = Duration.ofMinutes(10);
  /** The longest a status request waits for an export to finish, inside the requester's request timeout. */
  private static final long LONGEST_WAIT_MILLIS = 10_000;

  /** Writes a state into an empty directory and returns the entry it holds everything up to. */
  @FunctionalInterface
  interface Writer {
    AppliedIndex writeTo(Path directory) throws IOException;
  }

  private final Path directory;
  private final ExecutorService exporting;
  private final ScheduledExecutorService serving;
  private final Map<String, Export> exports = new ConcurrentHashMap<>();

  private static final class Export {
    final String what;
    final Path directory;
    final CompletableFuture<Ready> result = new CompletableFuture<>();
    volatile long lastUsed = System.nanoTime();

    Export(String what, Path directory) {
      this.what = what;
      this.directory = directory;
    }
  }

  private StateExports(Path directory, int node) {
    this.directory = directory;
    this.exporting = Executors.newFixedThreadPool(2, threads("state-export-n" + node));
    this.serving = Executors.newSingleThreadScheduledExecutor(threads("state-serve-n" + node));
    long sweep = UNUSED.toMillis() / 10;
    serving.scheduleWithFixedDelay(this::sweep, sweep, sweep, TimeUnit.MILLISECONDS);
  }

  /** Opens the exports directory of a store, deleting whatever an earlier run of this node left in it. */
  static StateExports open(Path directory, int node) throws StorageException {
    try {
      StateFiles.removeTree(directory);
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new StorageException("cannot prepare the directory of state exports " + directory + ": "
          + e.getMessage(), e);
    }
    return new StateExports(directory, node);
  }

  /**
   * Answers a request of {@link StateMessages}; a {@code START} has {@code writer} write the state out.
   *
   * @param what the state, for the log
   */
  CompletableFuture<byte[]> serve(String what, byte[] request, Writer writer) {
    Request decoded;
    try {
      decoded = StateMessages.readRequest(request);
    } catch (IOException e) {
      return CompletableFuture.completedFuture(StateMessages.failed(e.getMessage()));
    }
    if (decoded.kind() == StateMessages.START) {
      return CompletableFuture.completedFuture(start(what, writer));
    }
    Export export = exports.get(decoded.exportId());
    if (export == null) {
      return CompletableFuture.completedFuture(StateMessages.unknownExport(decoded.exportId()));
    }
    export.lastUsed = System.nanoTime();
    return switch (decoded.kind()) {
      case StateMessages.STATUS -> status(export, decoded.waitMillis());
      case StateMessages.CHUNK -> CompletableFuture.supplyAsync(() -> chunk(export, decoded), serving);
      default -> {
        exports.remove(decoded.exportId(), export);
        export.result.whenCompleteAsync((ready, failure) -> delete(export), serving);
        yield CompletableFuture.completedFuture(StateMessages.ok());
      }
    };
  }

  private byte[] start(String what, Writer writer) {
    String id = UUID.randomUUID().toString();
    Export export = new Export(what, directory.resolve(id));
    exports.put(id, export);
    try {
      exporting.execute(() -> write(export, writer));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      exports.remove(id);
      return StateMessages.failed("this node is stopping");
    }
    return StateMessages.started(id);
  }

  private void write(Export export, Writer writer) {
    long started = System.nanoTime();
    try {
      Files.createDirectories(export.directory);
      AppliedIndex index = writer.writeTo(export.directory);
      List<ExportedFile> files = new ArrayList<>();
      try (Stream<Path> listing = Files.list(export.directory)) {
        for (Path file : listing.sorted().toList()) {
          if (Files.isRegularFile(file)) {
            files.add(new ExportedFile(file.getFileName().toString(), Files.size(file)));
          }
        }
      }
      Ready ready = new Ready(index, files);
      LOG.info("Wrote out {} up to entry {} for a member catching up: {} files, {} bytes in {} ms", export.what,
          index.index(), files.size(), ready.bytes(), (System.nanoTime() - started) / 1_000_000);
      export.result.complete(ready);
    } catch (IOException | RuntimeException e) {
      LOG.warn("Could not write out {} for a member catching up: {}", export.what, e.getMessage());
      export.result.completeExceptionally(e);
    }
  }

  private CompletableFuture<byte[]> status(Export export, long waitMillis) {
    CompletableFuture<byte[]> answer = export.result.handle((ready, failure) -> {
      if (failure == null) {
        return StateMessages.ready(ready);
      }
      Throwable cause = failure instanceof CompletionException && failure.getCause() != null
          ? failure.getCause() : failure;
      return StateMessages.failed(String.valueOf(cause.getMessage()));
    });
    return answer.completeOnTimeout(StateMessages.running(), Math.min(Math.max(waitMillis, 0), LONGEST_WAIT_MILLIS),
        TimeUnit.MILLISECONDS);
  }

  private byte[] chunk(Export export, Request request) {
    Ready ready = export.result.getNow(null);
    if (ready == null || request.file() < 0 || request.file() >= ready.files().size() || request.offset() < 0) {
      return StateMessages.failed("no such file of " + export.what + " is ready");
    }
    Path file = export.directory.resolve(ready.files().get(request.file()).name());
    int length = Math.min(Math.max(request.length(), 0), CHUNK_BYTES);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      byte[] bytes = new byte[(int) Math.min(length, Math.max(0, channel.size() - request.offset()))];
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      long position = request.offset();
      while (buffer.hasRemaining()) {
        int read = channel.read(buffer, position);
        if (read < 0) {
          break;
        }
        position += read;
      }
      return StateMessages.data(bytes, buffer.position());
    } catch (IOException e) {
      return StateMessages.failed("cannot read " + file + ": " + e.getMessage());
    }
  }

  /** Deletes the exports no request has touched for {@link #UNUSED}. */
  private void sweep() {
    long now = System.nanoTime();
    for (Map.Entry<String, Export> entry : exports.entrySet()) {
      Export export = entry.getValue();
      if (now - export.lastUsed > UNUSED.toNanos() && exports.remove(entry.getKey(), export)) {
        LOG.info("Deleting the unused export of {} in {}", export.what, export.directory);
        export.result.whenCompleteAsync((ready, failure) -> delete(export), serving);
      }
    }
  }

  private static void delete(Export export) {
    try {
      StateFiles.removeTree(export.directory);
    } catch (IOException e) {
      LOG.warn("Could not delete the export in {} (deleted at the next start): {}", export.directory,
          e.getMessage());
    }
  }

  /** Stops writing and serving exports; the files stay until the next start. */
  @Override
  public void close() {
    exporting.shutdownNow();
    serving.shutdownNow();
    try {
      if (!exporting.awaitTermination(1, TimeUnit.MINUTES) || !serving.awaitTermination(1, TimeUnit.MINUTES)) {
        LOG.warn("State exports still running after a minute; the store closes after them");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static java.util.concurrent.ThreadFactory threads(String name) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
