package io.basalt.tools.copy;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs one task per region, a few at a time; the first failure stops the rest and is what the caller sees. */
final class RegionTasks {
  @FunctionalInterface
  interface RegionTask {
    void run(Regions.KeyRange region) throws IOException;
  }

  private RegionTasks() {}

  static void run(List<Regions.KeyRange> regions, int parallelism, RegionTask task) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallelism, Math.max(1, regions.size())));
    try {
      List<Future<?>> running = new ArrayList<>();
      for (Regions.KeyRange region : regions) {
        running.add(pool.submit(() -> {
          task.run(region);
          return null;
        }));
      }
      for (Future<?> future : running) {
        future.get();
      }
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      throw new IOException(cause.toString(), cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted");
    } finally {
      pool.shutdownNow();
    }
  }
}
