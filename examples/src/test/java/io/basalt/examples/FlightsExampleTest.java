package io.basalt.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.examples.flights.ArrivingFlight;
import io.basalt.examples.flights.Flight;
import io.basalt.examples.flights.FlightGenerator;
import io.basalt.examples.flights.FlightSchema;
import io.basalt.examples.flights.FlightsExample;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(BasaltConnectionResolver.class)
class FlightsExampleTest {
  private static final int FLIGHTS = 1_000;

  @Test
  void theRangeScanAndTheFilteredFullScanFindTheSameFlights(Connection connection) throws Exception {
    FlightsExample.Answers answers = new FlightsExample(connection, System.out).run(FLIGHTS);

    List<ArrivingFlight> expected = expectedArrivals();
    assertFalse(expected.isEmpty(), "the generated month has ATL arrivals in the window");
    assertEquals(expected, answers.byRowKeyRange().answer(), "one range scan, already in arrival order");
    assertEquals(expected, answers.byFilteredFullScan().answer(), "full scan with a filter, sorted afterwards");

    assertEquals(expected.size(), answers.byRowKeyRange().rowsRead(), "the range scan reads only its answer");
    assertTrue(answers.byFilteredFullScan().rowsRead() >= FLIGHTS,
        "the filtered scan reads every row: " + answers.byFilteredFullScan().rowsRead());
  }

  /** The question answered from the generated flights in memory. */
  private static List<ArrivingFlight> expectedArrivals() {
    return new FlightGenerator(FlightsExample.SEED).generate(FLIGHTS).stream()
        .filter(flight -> flight.origin().equals(FlightsExample.ORIGIN_ASKED))
        .filter(flight -> !flight.arrival().toLocalDate().isBefore(FlightsExample.FIRST_ARRIVAL_DAY)
            && !flight.arrival().toLocalDate().isAfter(FlightsExample.LAST_ARRIVAL_DAY))
        .sorted(Comparator.comparing(Flight::arrival).thenComparing(Flight::id))
        .map(FlightsExampleTest::asRead)
        .toList();
  }

  private static ArrivingFlight asRead(Flight flight) {
    return new ArrivingFlight(FlightSchema.recordNumber(flight.id()), flight.flightNumber(), flight.origin(),
        flight.destination(), FlightSchema.minute(flight.departure()), FlightSchema.minute(flight.arrival()),
        flight.passengers(), flight.capacity());
  }
}
