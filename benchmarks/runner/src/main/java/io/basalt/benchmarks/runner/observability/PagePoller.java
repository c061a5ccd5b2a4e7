package io.basalt.benchmarks.runner.observability;

import io.basalt.benchmarks.runner.feature.FeatureBenchmark;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * What an operator's open status page and a metrics scraper do to a server: once a second, one thread of the runner
 * fetches each of the server's pages in turn and reads every byte of each answer. A poll that takes longer than a
 * second is followed by the next one at once (a fixed rate), so a slow server is polled as often as it can answer.
 * It counts the answers by status and times them, so that the report shows the pages really were served, and how
 * fast, while the workloads ran.
 */
final class PagePoller implements FeatureBenchmark.Alongside {
  private static final Duration PAGE_TIMEOUT = Duration.ofSeconds(30);

  private final String server;
  private final List<URI> pages;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread thread = new Thread(runnable, "page-poller");
    thread.setDaemon(true);
    return thread;
  });
  /** Touched by the polling thread only until {@link #close} has waited for it. */
  private final Map<String, Integer> answers = new TreeMap<>();
  private final List<Long> pageMicros = new ArrayList<>();
  private long polls;
  private long bytes;

  private PagePoller(String server, List<URI> pages) {
    this.server = server;
    this.pages = List.copyOf(pages);
  }

  /** Starts polling {@code pages} of the server named {@code server} in reports. */
  static PagePoller start(String server, List<URI> pages) {
    PagePoller poller = new PagePoller(server, pages);
    poller.timer.scheduleAtFixedRate(poller::poll, 0, 1, TimeUnit.SECONDS);
    return poller;
  }

  private void poll() {
    polls++;
    for (URI page : pages) {
      long started = System.nanoTime();
      String answer;
      try {
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(page).timeout(PAGE_TIMEOUT).GET().build(),
            HttpResponse.BodyHandlers.ofByteArray());
        bytes += response.body().length;
        answer = Integer.toString(response.statusCode());
      } catch (IOException e) {
        answer = "failed (" + e.getClass().getSimpleName() + ")";
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      pageMicros.add((System.nanoTime() - started) / 1_000);
      answers.merge(page.getPath() + " " + answer, 1, Integer::sum);
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
    try {
      if (!timer.awaitTermination(PAGE_TIMEOUT.toSeconds() + 5, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the page poller of " + server + " did not stop");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String describe() {
    if (pageMicros.isEmpty()) {
      return server + ": no page was polled";
    }
    List<Long> sorted = pageMicros.stream().sorted().toList();
    String byStatus = answers.entrySet().stream().map(entry -> entry.getKey() + " × " + entry.getValue())
        .collect(Collectors.joining(", "));
    return String.format(Locale.ROOT, "%s was polled %,d times, once a second, %d pages each (%s): a page answered "
            + "in %.1f ms median, %.1f ms p99, %.1f ms at most; %,.0f KB per poll; answers: %s",
        server, polls, pages.size(), pages.stream().map(page -> page.getPath()
            + (page.getQuery() == null ? "" : "?" + page.getQuery())).collect(Collectors.joining(" ")),
        percentile(sorted, 0.5) / 1000.0, percentile(sorted, 0.99) / 1000.0, sorted.get(sorted.size() - 1) / 1000.0,
        bytes / 1024.0 / polls, byStatus);
  }

  private static long percentile(List<Long> sorted, double fraction) {
    return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(fraction * sorted.size())));
  }
}
