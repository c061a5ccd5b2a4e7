package io.basalt.examples.flights;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The two flight tables, their row keys and their columns.
 *
 * <p>Both tables hold the same cells in the same two families: what the flight did ({@code Flight_Information}) and
 * what flew it ({@code Aircraft_Information}), so a reader that wants one group does not pay for the other. They
 * differ only in the row key:
 * <ul>
 *   <li>{@code flights}: {@code ORIGIN#arrival#yyyyMMdd-HHmm#record}, built at load time for the most common
 *       question, "flights from an airport arriving in a date range". All flights from one airport sit together,
 *       in arrival order, so the answer is one contiguous range of rows. The record number at the end only keeps
 *       two flights that land in the same minute apart; it does not change the order.</li>
 *   <li>{@code flights_by_id}: the feed's record number, zero-padded so that it sorts as a number. The rows are in
 *       the order the data arrived, which answers no question.</li>
 * </ul>
 */
public final class FlightSchema {
  public static final TableName BY_ORIGIN_AND_ARRIVAL = TableName.valueOf("flights");
  public static final TableName BY_RECORD_NUMBER = TableName.valueOf("flights_by_id");

  public static final byte[] FLIGHT_INFORMATION = Bytes.toBytes("Flight_Information");
  public static final byte[] AIRCRAFT_INFORMATION = Bytes.toBytes("Aircraft_Information");

  public static final byte[] FLIGHT = Bytes.toBytes("Flight");
  public static final byte[] ORIGIN = Bytes.toBytes("Origin");
  public static final byte[] DESTINATION = Bytes.toBytes("Destination");
  public static final byte[] DEPARTURE = Bytes.toBytes("Departure");
  public static final byte[] ARRIVAL = Bytes.toBytes("Arrival");
  public static final byte[] PASSENGERS = Bytes.toBytes("Passengers");
  public static final byte[] CAPACITY = Bytes.toBytes("Capacity");
  public static final byte[] MAKE = Bytes.toBytes("Make");
  public static final byte[] MODEL = Bytes.toBytes("Model");
  public static final byte[] AGE = Bytes.toBytes("Age");

  /** Minutes as text that sorts in time order: 20240321-1121. */
  private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyyMMdd-HHmm", Locale.ROOT);
  private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd", Locale.ROOT);

  private FlightSchema() {}

  public static TableDescriptor descriptor(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FLIGHT_INFORMATION))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(AIRCRAFT_INFORMATION))
        .build();
  }

  /** {@code ATL#arrival#20240321-1121#00004711}. */
  public static String arrivalKey(Flight flight) {
    return arrivalKey(flight.origin(), minute(flight.arrival()), recordNumber(flight.id()));
  }

  /** The key of a flight read back: origin, arrival minute as stored, record number. */
  public static String arrivalKey(String origin, String arrivalMinute, String recordNumber) {
    return arrivalKeyPrefix(origin) + arrivalMinute + "#" + recordNumber;
  }

  /** The first row key of flights from {@code origin} arriving on {@code day}: {@code ATL#arrival#20240321}. */
  public static String arrivalKey(String origin, LocalDate day) {
    return arrivalKeyPrefix(origin) + day(day);
  }

  private static String arrivalKeyPrefix(String origin) {
    return origin + "#arrival#";
  }

  /** {@code 00004711}: fixed width, so that record 10 sorts after record 9. */
  public static String recordNumber(long id) {
    return String.format(Locale.ROOT, "%08d", id);
  }

  public static String minute(LocalDateTime time) {
    return MINUTE.format(time);
  }

  public static String day(LocalDate day) {
    return DAY.format(day);
  }

  /** One row: every field of the flight, grouped into the two families. */
  public static Put toPut(String rowKey, Flight flight) {
    return new Put(Bytes.toBytes(rowKey))
        .addColumn(FLIGHT_INFORMATION, FLIGHT, Bytes.toBytes(flight.flightNumber()))
        .addColumn(FLIGHT_INFORMATION, ORIGIN, Bytes.toBytes(flight.origin()))
        .addColumn(FLIGHT_INFORMATION, DESTINATION, Bytes.toBytes(flight.destination()))
        .addColumn(FLIGHT_INFORMATION, DEPARTURE, Bytes.toBytes(minute(flight.departure())))
        .addColumn(FLIGHT_INFORMATION, ARRIVAL, Bytes.toBytes(minute(flight.arrival())))
        // Passengers next to capacity: the two are read together.
        .addColumn(FLIGHT_INFORMATION, PASSENGERS, Bytes.toBytes(Integer.toString(flight.passengers())))
        .addColumn(FLIGHT_INFORMATION, CAPACITY, Bytes.toBytes(Integer.toString(flight.capacity())))
        .addColumn(AIRCRAFT_INFORMATION, MAKE, Bytes.toBytes(flight.make()))
        .addColumn(AIRCRAFT_INFORMATION, MODEL, Bytes.toBytes(flight.model()))
        .addColumn(AIRCRAFT_INFORMATION, AGE, Bytes.toBytes(Integer.toString(flight.aircraftAgeYears())));
  }

  /** The {@code Flight_Information} of a row read back; {@code recordNumber} comes from the caller's key. */
  public static ArrivingFlight arrivingFlight(String recordNumber, Result row) {
    return new ArrivingFlight(recordNumber, text(row, FLIGHT), text(row, ORIGIN), text(row, DESTINATION),
        text(row, DEPARTURE), text(row, ARRIVAL), Integer.parseInt(text(row, PASSENGERS)),
        Integer.parseInt(text(row, CAPACITY)));
  }

  private static String text(Result row, byte[] qualifier) {
    return Bytes.toString(row.getValue(FLIGHT_INFORMATION, qualifier));
  }
}
