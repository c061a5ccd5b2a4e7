package io.basalt.examples.counters;

import static io.basalt.examples.counters.CountersSchema.PAGE_VIEWS;
import static io.basalt.examples.counters.CountersSchema.PASSENGER;
import static io.basalt.examples.counters.CountersSchema.SEAT;
import static io.basalt.examples.counters.CountersSchema.SEAT_RESERVATIONS;
import static io.basalt.examples.counters.CountersSchema.TOTAL;
import static io.basalt.examples.counters.CountersSchema.VIEWS;

import io.basalt.examples.common.ExampleOptions;
import io.basalt.examples.common.ProgressBar;
import io.basalt.examples.common.Stopwatch;
import io.basalt.examples.common.Tables;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Lessons: let the server do read-modify-write. Increment adds to counters atomically, several columns of a row at
 * once; check-and-mutate changes a row only if a condition holds, which is enough for reservations.
 *
 * <p>Four threads, standing in for four web servers, count the same pages' views at the same time; every view
 * counts exactly once. Then one seat is reserved twice (the second attempt fails), and forty passengers race for
 * thirty seats: each seat ends up with exactly one of them.
 *
 * <p>Arguments: {@code [page-views [zookeeper-host[:port]]]}, default 10,000 page views.
 */
public final class CountersExample {
  public static final int DEFAULT_VIEWS = 10_000;
  public static final long SEED = 1955L;
  public static final int THREADS = 4;

  public static final String FLIGHT = "DL0042";
  public static final String DATE = "20240321";
  public static final String CONTESTED_SEAT = "14C";
  public static final List<String> RACED_SEATS = seats(5, "ABCDEF");
  public static final int RACING_PASSENGERS = 40;

  private final Connection connection;
  private final PrintStream out;

  public CountersExample(Connection connection, PrintStream out) {
    this.connection = connection;
    this.out = out;
  }

  public static void main(String[] args) throws IOException, InterruptedException {
    ExampleOptions options = ExampleOptions.parse(args, DEFAULT_VIEWS);
    System.out.println("Counters example against Basalt at " + options.target());
    try (Connection connection = ConnectionFactory.createConnection(options.configuration())) {
      new CountersExample(connection, System.out).run(options.size());
    }
  }

  /** The reservation steps of one seat, in order. */
  public record SeatSteps(boolean aliceReserves, boolean bobReservesSameSeat, String holderAfterBoth,
      boolean bobReleasesAlicesSeat, boolean aliceReleases, boolean bobReservesAfterRelease) {}

  /** What the example found, for checking. */
  public record Results(Map<String, Map<String, Long>> pageViews, SeatSteps seatSteps,
      Map<String, String> winnersBySeat, Map<String, String> holdersBySeat) {}

  public Results run(int views) throws IOException, InterruptedException {
    Stopwatch total = Stopwatch.start();
    try (Admin admin = connection.getAdmin()) {
      Tables.recreate(admin, CountersSchema.pageViewsDescriptor());
      Tables.recreate(admin, CountersSchema.seatReservationsDescriptor());
    }
    countPageViews(new PageViewTraffic(SEED, THREADS, views));
    Map<String, Map<String, Long>> pageViews = readPageViews();
    printPageViews(pageViews, views);

    SeatReservations seats = new SeatReservations(connection, FLIGHT, DATE);
    SeatSteps steps = reserveOneSeatTwice(seats);
    Map<String, String> winners = raceForSeats(seats);
    Map<String, String> holders = new TreeMap<>();
    for (String seat : RACED_SEATS) {
      holders.put(seat, seats.holder(seat));
    }
    printRace(winners, holders);

    out.println("\nCounters example done in " + total);
    return new Results(pageViews, steps, winners, holders);
  }

  /**
   * Each thread counts its share of the views with one Increment per view: the page's total and that day's column
   * go up together. Nobody reads a counter first, so nothing can be lost between a read and a write.
   */
  private void countPageViews(PageViewTraffic traffic) throws IOException, InterruptedException {
    Stopwatch counting = Stopwatch.start();
    List<List<PageView>> viewsPerServer = new ArrayList<>();
    for (int server = 0; server < traffic.servers(); server++) {
      viewsPerServer.add(traffic.viewsOf(server));
    }
    int views = viewsPerServer.stream().mapToInt(List::size).sum();
    try (ProgressBar progress = new ProgressBar("counting page views", views)) {
      List<Callable<Void>> servers = new ArrayList<>();
      for (List<PageView> served : viewsPerServer) {
        servers.add(() -> {
          // Connections are shared by threads; Table instances are cheap and belong to one thread.
          try (Table table = connection.getTable(PAGE_VIEWS)) {
            for (PageView view : served) {
              table.increment(new Increment(Bytes.toBytes(view.page()))
                  .addColumn(VIEWS, TOTAL, 1)
                  .addColumn(VIEWS, Bytes.toBytes(view.day()), 1));
              progress.advance();
            }
          }
          return null;
        });
      }
      runAll(servers);
    }
    out.printf(Locale.ROOT, "Counted %,d page views from %d threads with Increment in %s, %,.0f increments/s%n",
        views, traffic.servers(), counting, views / Math.max(counting.seconds(), 0.001));
  }

  /** Every page's counters: qualifier ({@code total} or a day) to count. */
  public Map<String, Map<String, Long>> readPageViews() throws IOException {
    Map<String, Map<String, Long>> pages = new TreeMap<>();
    try (Table table = connection.getTable(PAGE_VIEWS);
        ResultScanner scanner = table.getScanner(new Scan().addFamily(VIEWS))) {
      for (Result row : scanner) {
        Map<String, Long> counters = new TreeMap<>();
        row.getFamilyMap(VIEWS).forEach((column, value) -> counters.put(Bytes.toString(column), Bytes.toLong(value)));
        pages.put(Bytes.toString(row.getRow()), counters);
      }
    }
    return pages;
  }

  private SeatSteps reserveOneSeatTwice(SeatReservations seats) throws IOException {
    boolean alice = seats.reserve(CONTESTED_SEAT, "alice");
    boolean bob = seats.reserve(CONTESTED_SEAT, "bob");
    String holder = seats.holder(CONTESTED_SEAT);
    boolean bobReleases = seats.release(CONTESTED_SEAT, "bob");
    boolean aliceReleases = seats.release(CONTESTED_SEAT, "alice");
    boolean bobAgain = seats.reserve(CONTESTED_SEAT, "bob");
    out.printf(Locale.ROOT, "%nSeat %s on %s %s, reserved with checkAndMutate (put only if seat:passenger is "
        + "absent):%n", CONTESTED_SEAT, FLIGHT, DATE);
    out.printf(Locale.ROOT, "  alice reserves it: %s%n  bob reserves the same seat: %s; it stays with %s%n",
        outcome(alice), outcome(bob), holder);
    out.printf(Locale.ROOT, "  bob releases alice's seat: %s; alice releases it: %s; bob reserves it: %s%n",
        outcome(bobReleases), outcome(aliceReleases), outcome(bobAgain));
    return new SeatSteps(alice, bob, holder, bobReleases, aliceReleases, bobAgain);
  }

  /**
   * Passengers spread over several threads try seats in their own random order and keep the first they get.
   * Returns who won each seat, as the winners saw it.
   */
  private Map<String, String> raceForSeats(SeatReservations seats) throws IOException, InterruptedException {
    Stopwatch racing = Stopwatch.start();
    Map<String, String> winners = new ConcurrentHashMap<>();
    List<Callable<Void>> threads = new ArrayList<>();
    for (int thread = 0; thread < THREADS; thread++) {
      int first = thread;
      threads.add(() -> {
        for (int passenger = first; passenger < RACING_PASSENGERS; passenger += THREADS) {
          String name = String.format(Locale.ROOT, "passenger%02d", passenger + 1);
          List<String> preferences = new ArrayList<>(RACED_SEATS);
          Collections.shuffle(preferences, new Random(SEED + passenger));
          for (String seat : preferences) {
            if (seats.reserve(seat, name)) {
              winners.merge(seat, name, (a, b) -> a + " and " + b); // two winners would show up here
              break;
            }
          }
        }
        return null;
      });
    }
    runAll(threads);
    out.printf(Locale.ROOT, "%n%d passengers on %d threads raced for %d seats in %s:%n", RACING_PASSENGERS, THREADS,
        RACED_SEATS.size(), racing);
    return new TreeMap<>(winners);
  }

  private void runAll(List<Callable<Void>> tasks) throws IOException, InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
    try {
      for (Future<Void> done : pool.invokeAll(tasks)) {
        done.get();
      }
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } finally {
      pool.shutdown();
    }
  }

  private void printPageViews(Map<String, Map<String, Long>> pages, int views) {
    StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "  %-24s %7s", "page", "total"));
    PageViewTraffic.DAYS.forEach(day -> header.append(String.format(Locale.ROOT, " %8s", day)));
    out.println(header);
    long sum = 0;
    for (Map.Entry<String, Map<String, Long>> page : pages.entrySet()) {
      Map<String, Long> counters = page.getValue();
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-24s %,7d", page.getKey(),
          counters.getOrDefault("total", 0L)));
      PageViewTraffic.DAYS.forEach(day -> line.append(String.format(Locale.ROOT, " %,8d",
          counters.getOrDefault(day, 0L))));
      out.println(line);
      sum += counters.getOrDefault("total", 0L);
    }
    out.printf(Locale.ROOT, "  The totals add up to %,d for %,d views counted: %s%n", sum, views,
        sum == views ? "none lost, none counted twice" : "MISMATCH");
  }

  private void printRace(Map<String, String> winners, Map<String, String> holders) {
    long seatsTaken = holders.values().stream().filter(Objects::nonNull).count();
    long passengersSeated = winners.values().stream().distinct().count();
    out.printf(Locale.ROOT, "  %d of %d seats taken, %d passengers seated, %d without a seat%n", seatsTaken,
        RACED_SEATS.size(), passengersSeated, RACING_PASSENGERS - passengersSeated);
    out.printf(Locale.ROOT, "  Every seat is held by the one passenger who was told they won it: %s%n",
        winners.equals(holders) ? "yes" : "NO");
  }

  private static String outcome(boolean success) {
    return success ? "done" : "refused";
  }

  /** Seats 1A to {@code rows}F. */
  private static List<String> seats(int rows, String letters) {
    List<String> seats = new ArrayList<>();
    for (int row = 1; row <= rows; row++) {
      for (char letter : letters.toCharArray()) {
        seats.add(row + String.valueOf(letter));
      }
    }
    return List.copyOf(seats);
  }
}
