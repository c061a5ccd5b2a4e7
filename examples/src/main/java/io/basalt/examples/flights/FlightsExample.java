package io.basalt.examples.flights;

import static io.basalt.examples.flights.FlightSchema.ARRIVAL;
import static io.basalt.examples.flights.FlightSchema.BY_ORIGIN_AND_ARRIVAL;
import static io.basalt.examples.flights.FlightSchema.BY_RECORD_NUMBER;
import static io.basalt.examples.flights.FlightSchema.FLIGHT_INFORMATION;
import static io.basalt.examples.flights.FlightSchema.ORIGIN;

import io.basalt.examples.common.ExampleOptions;
import io.basalt.examples.common.MeasuredQuery;
import io.basalt.examples.common.ProgressBar;
import io.basalt.examples.common.Stopwatch;
import io.basalt.examples.common.Tables;
import java.io.IOException;
import java.io.PrintStream;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Lesson: build the row key from the question you ask most, and that question becomes one range scan.
 *
 * <p>The question is "which flights from ATL arrive between March 21 and 29?". The example loads the same generated
 * flights twice: into {@code flights}, whose key {@code ORIGIN#arrival#yyyyMMdd-HHmm#record} is constructed at load
 * time, and into {@code flights_by_id}, keyed by record number as the feed delivered them. On the first table the
 * answer is one contiguous range of rows, already in arrival order. On the second, the server has to read every
 * row and test two columns, and the client has to sort what comes back.
 *
 * <p>Arguments: {@code [flights [zookeeper-host[:port]]]}, default 50,000 flights at localhost:2181.
 */
public final class FlightsExample {
  public static final int DEFAULT_FLIGHTS = 50_000;
  public static final long SEED = 20240321L;

  public static final String ORIGIN_ASKED = "ATL";
  public static final LocalDate FIRST_ARRIVAL_DAY = LocalDate.of(2024, 3, 21);
  public static final LocalDate LAST_ARRIVAL_DAY = LocalDate.of(2024, 3, 29);

  private static final int ROWS_SHOWN = 5;

  private final Connection connection;
  private final PrintStream out;

  public FlightsExample(Connection connection, PrintStream out) {
    this.connection = connection;
    this.out = out;
  }

  public static void main(String[] args) throws IOException {
    ExampleOptions options = ExampleOptions.parse(args, DEFAULT_FLIGHTS);
    System.out.println("Flights example against Basalt at " + options.target());
    try (Connection connection = ConnectionFactory.createConnection(options.configuration())) {
      new FlightsExample(connection, System.out).run(options.size());
    }
  }

  /** Both answers to the question, measured. */
  public record Answers(MeasuredQuery<List<ArrivingFlight>> byRowKeyRange,
      MeasuredQuery<List<ArrivingFlight>> byFilteredFullScan) {}

  public Answers run(int flightCount) throws IOException {
    Stopwatch total = Stopwatch.start();
    List<Flight> flights = new FlightGenerator(SEED).generate(flightCount);
    createTables();
    load(flights);

    out.printf(Locale.ROOT, "%nQuestion: which flights from %s arrive between %s and %s?%n", ORIGIN_ASKED,
        FIRST_ARRIVAL_DAY, LAST_ARRIVAL_DAY);
    Answers answers;
    try (Admin admin = connection.getAdmin()) {
      answers = new Answers(
          MeasuredQuery.measure(admin, BY_ORIGIN_AND_ARRIVAL,
              () -> arrivalsByRowKeyRange(ORIGIN_ASKED, FIRST_ARRIVAL_DAY, LAST_ARRIVAL_DAY)),
          MeasuredQuery.measure(admin, BY_RECORD_NUMBER,
              () -> arrivalsByFilteredFullScan(ORIGIN_ASKED, FIRST_ARRIVAL_DAY, LAST_ARRIVAL_DAY)));
    }
    printAnswers(answers, flightCount);
    out.println("\nFlights example done in " + total);
    return answers;
  }

  public void createTables() throws IOException {
    try (Admin admin = connection.getAdmin()) {
      Tables.recreate(admin, FlightSchema.descriptor(BY_ORIGIN_AND_ARRIVAL));
      Tables.recreate(admin, FlightSchema.descriptor(BY_RECORD_NUMBER));
    }
  }

  /** Writes every flight to both tables; the constructed key is built here, once, as the data comes in. */
  public void load(List<Flight> flights) throws IOException {
    Stopwatch loading = Stopwatch.start();
    // A BufferedMutator sends puts in batches instead of one round trip each: the way to load many rows.
    try (BufferedMutator byArrival = connection.getBufferedMutator(BY_ORIGIN_AND_ARRIVAL);
        BufferedMutator byRecord = connection.getBufferedMutator(BY_RECORD_NUMBER);
        ProgressBar progress = new ProgressBar("loading flights", flights.size())) {
      for (Flight flight : flights) {
        byArrival.mutate(FlightSchema.toPut(FlightSchema.arrivalKey(flight), flight));
        byRecord.mutate(FlightSchema.toPut(FlightSchema.recordNumber(flight.id()), flight));
        progress.advance();
      }
    }
    out.printf(Locale.ROOT, "Loaded %,d flights into %s (key ORIGIN#arrival#yyyyMMdd-HHmm#record) and %s "
            + "(key record number) in %s, %,.0f flights/s%n", flights.size(), BY_ORIGIN_AND_ARRIVAL,
        BY_RECORD_NUMBER, loading, flights.size() / Math.max(loading.seconds(), 0.001));
  }

  /**
   * The answer from {@code flights}: one scan from the first key of the first day up to (not including) the first
   * key of the day after the last. Only the {@code Flight_Information} family is read.
   */
  public List<ArrivingFlight> arrivalsByRowKeyRange(String origin, LocalDate firstDay, LocalDate lastDay)
      throws IOException {
    Scan scan = new Scan()
        .withStartRow(Bytes.toBytes(FlightSchema.arrivalKey(origin, firstDay)))
        .withStopRow(Bytes.toBytes(FlightSchema.arrivalKey(origin, lastDay.plusDays(1))))
        .addFamily(FLIGHT_INFORMATION);
    List<ArrivingFlight> arrivals = new ArrayList<>();
    try (Table table = connection.getTable(BY_ORIGIN_AND_ARRIVAL);
        ResultScanner scanner = table.getScanner(scan)) {
      for (Result row : scanner) {
        String key = Bytes.toString(row.getRow());
        String recordNumber = key.substring(key.lastIndexOf('#') + 1);
        arrivals.add(FlightSchema.arrivingFlight(recordNumber, row));
      }
    }
    return arrivals;
  }

  /**
   * The same answer from {@code flights_by_id}, whose key says nothing about origin or arrival: scan the whole
   * table, let the server test each row's Origin and Arrival, then sort the survivors by arrival ourselves.
   */
  public List<ArrivingFlight> arrivalsByFilteredFullScan(String origin, LocalDate firstDay, LocalDate lastDay)
      throws IOException {
    // Arrival is stored as yyyyMMdd-HHmm text, so comparing bytes compares times.
    String from = FlightSchema.day(firstDay);
    String until = FlightSchema.day(lastDay.plusDays(1));
    FilterList conditions = new FilterList(FilterList.Operator.MUST_PASS_ALL,
        columnIs(ORIGIN, CompareOperator.EQUAL, origin),
        columnIs(ARRIVAL, CompareOperator.GREATER_OR_EQUAL, from),
        columnIs(ARRIVAL, CompareOperator.LESS, until));
    Scan scan = new Scan().addFamily(FLIGHT_INFORMATION).setFilter(conditions);
    List<ArrivingFlight> arrivals = new ArrayList<>();
    try (Table table = connection.getTable(BY_RECORD_NUMBER);
        ResultScanner scanner = table.getScanner(scan)) {
      for (Result row : scanner) {
        arrivals.add(FlightSchema.arrivingFlight(Bytes.toString(row.getRow()), row));
      }
    }
    // Rows came back in record-number order; the question wants arrival order.
    arrivals.sort(Comparator.comparing(ArrivingFlight::arrival).thenComparing(ArrivingFlight::recordNumber));
    return arrivals;
  }

  private static SingleColumnValueFilter columnIs(byte[] qualifier, CompareOperator operator, String value) {
    SingleColumnValueFilter filter =
        new SingleColumnValueFilter(FLIGHT_INFORMATION, qualifier, operator, Bytes.toBytes(value));
    filter.setFilterIfMissing(true); // a row without the column does not match
    return filter;
  }

  private void printAnswers(Answers answers, int flightCount) {
    MeasuredQuery<List<ArrivingFlight>> range = answers.byRowKeyRange();
    MeasuredQuery<List<ArrivingFlight>> filtered = answers.byFilteredFullScan();
    out.printf(Locale.ROOT, "  1) %s, one range scan [%s, %s):%n", BY_ORIGIN_AND_ARRIVAL,
        FlightSchema.arrivalKey(ORIGIN_ASKED, FIRST_ARRIVAL_DAY),
        FlightSchema.arrivalKey(ORIGIN_ASKED, LAST_ARRIVAL_DAY.plusDays(1)));
    out.printf(Locale.ROOT, "     %,d flights in %d ms; the server read %,d rows; already in arrival order%n",
        range.answer().size(), range.millis(), range.rowsRead());
    out.printf(Locale.ROOT, "  2) %s, full scan with a filter on Origin and Arrival, then a client-side sort:%n",
        BY_RECORD_NUMBER);
    out.printf(Locale.ROOT, "     %,d flights in %d ms; the server read %,d rows (the whole table of %,d)%n",
        filtered.answer().size(), filtered.millis(), filtered.rowsRead(), flightCount);
    out.printf(Locale.ROOT, "  Same flights in the same order: %s. The range scan read %.1f%% of the rows the full "
            + "scan read. (Times: best of %d runs.)%n", range.answer().equals(filtered.answer()) ? "yes" : "NO",
        100.0 * range.rowsRead() / Math.max(1, filtered.rowsRead()), MeasuredQuery.RUNS);

    out.println("\n  First flights of the answer (row key, then Flight_Information):");
    for (ArrivingFlight flight : range.answer().subList(0, Math.min(ROWS_SHOWN, range.answer().size()))) {
      out.printf(Locale.ROOT, "    %s  %-7s %s->%s  departs %s  arrives %s  %d/%d seats%n",
          FlightSchema.arrivalKey(flight.origin(), flight.arrival(), flight.recordNumber()), flight.flightNumber(),
          flight.origin(), flight.destination(), flight.departure(), flight.arrival(), flight.passengers(),
          flight.capacity());
    }
  }
}
