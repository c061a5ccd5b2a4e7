package io.basalt.examples.flights;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Invents a month of flights between a handful of airports. The same seed always gives the same flights, so runs
 * and tests can be compared.
 */
public final class FlightGenerator {
  /** Every generated flight departs in March 2024. */
  public static final LocalDateTime MONTH_START = LocalDateTime.of(2024, 3, 1, 0, 0);
  private static final int MINUTES_IN_MONTH = 31 * 24 * 60;

  private record Airport(String code, String continent) {}

  private record Aircraft(String make, String model, int seats) {}

  private static final List<Airport> AIRPORTS = List.of(
      new Airport("ATL", "america"), new Airport("ORD", "america"), new Airport("LAX", "america"),
      new Airport("DFW", "america"), new Airport("JFK", "america"), new Airport("SEA", "america"),
      new Airport("YVR", "america"), new Airport("MEX", "america"), new Airport("GRU", "america"),
      new Airport("LHR", "europe"), new Airport("CDG", "europe"), new Airport("FRA", "europe"),
      new Airport("AMS", "europe"), new Airport("NRT", "asia"), new Airport("SIN", "asia"),
      new Airport("DXB", "asia"));

  private static final List<Aircraft> FLEET = List.of(
      new Aircraft("Boeing", "737-800", 162), new Aircraft("Boeing", "757-200", 200),
      new Aircraft("Boeing", "787-9", 290), new Aircraft("Airbus", "A320neo", 165),
      new Aircraft("Airbus", "A321", 190), new Aircraft("Airbus", "A350-900", 325),
      new Aircraft("Embraer", "E175", 76));

  private static final List<String> AIRLINES =
      List.of("DL", "AA", "UA", "AC", "AM", "BA", "AF", "LH", "KL", "JL", "SQ", "EK");

  private final long seed;

  public FlightGenerator(long seed) {
    this.seed = seed;
  }

  /** {@code count} flights with record numbers 1 to {@code count}, in the order a feed would deliver them. */
  public List<Flight> generate(int count) {
    Random random = new Random(seed);
    List<Flight> flights = new ArrayList<>(count);
    for (long id = 1; id <= count; id++) {
      flights.add(next(id, random));
    }
    return flights;
  }

  private static Flight next(long id, Random random) {
    Airport origin = AIRPORTS.get(random.nextInt(AIRPORTS.size()));
    Airport destination;
    do {
      destination = AIRPORTS.get(random.nextInt(AIRPORTS.size()));
    } while (destination == origin);
    LocalDateTime departure = MONTH_START.plusMinutes(random.nextInt(MINUTES_IN_MONTH));
    boolean sameContinent = origin.continent().equals(destination.continent());
    int minutesInAir = sameContinent ? 60 + random.nextInt(300) : 420 + random.nextInt(420);
    Aircraft aircraft = FLEET.get(random.nextInt(FLEET.size()));
    int passengers = aircraft.seats() * (60 + random.nextInt(41)) / 100;
    String flightNumber = AIRLINES.get(random.nextInt(AIRLINES.size())) + (100 + random.nextInt(9900));
    return new Flight(id, flightNumber, origin.code(), destination.code(), departure,
        departure.plusMinutes(minutesInAir), passengers, aircraft.seats(), aircraft.make(), aircraft.model(),
        1 + random.nextInt(25));
  }
}
