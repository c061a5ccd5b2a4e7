package io.basalt.examples.counters;

import static io.basalt.examples.counters.CountersSchema.PASSENGER;
import static io.basalt.examples.counters.CountersSchema.SEAT;
import static io.basalt.examples.counters.CountersSchema.SEAT_RESERVATIONS;

import java.io.IOException;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Seats of one flight on one day, reserved and released with check-and-mutate: the server tests the condition and
 * applies the change as one atomic step on the row, so two passengers racing for a seat cannot both get it, with no
 * lock held by the client.
 */
public final class SeatReservations {
  private final Connection connection;
  private final String flight;
  private final String date;

  public SeatReservations(Connection connection, String flight, String date) {
    this.connection = connection;
    this.flight = flight;
    this.date = date;
  }

  /** Gives the seat to the passenger if nobody has it; returns whether they got it. */
  public boolean reserve(String seat, String passenger) throws IOException {
    byte[] row = CountersSchema.seatKey(flight, date, seat);
    CheckAndMutate ifFree = CheckAndMutate.newBuilder(row)
        .ifNotExists(SEAT, PASSENGER)
        .build(new Put(row).addColumn(SEAT, PASSENGER, Bytes.toBytes(passenger)));
    try (Table table = connection.getTable(SEAT_RESERVATIONS)) {
      return table.checkAndMutate(ifFree).isSuccess();
    }
  }

  /** Frees the seat if this passenger holds it; returns whether it was freed. Nobody frees another's seat. */
  public boolean release(String seat, String passenger) throws IOException {
    byte[] row = CountersSchema.seatKey(flight, date, seat);
    CheckAndMutate ifHolder = CheckAndMutate.newBuilder(row)
        .ifEquals(SEAT, PASSENGER, Bytes.toBytes(passenger))
        .build(new Delete(row));
    try (Table table = connection.getTable(SEAT_RESERVATIONS)) {
      return table.checkAndMutate(ifHolder).isSuccess();
    }
  }

  /** Who holds the seat, or null when it is free. */
  public String holder(String seat) throws IOException {
    try (Table table = connection.getTable(SEAT_RESERVATIONS)) {
      byte[] passenger = table.get(new Get(CountersSchema.seatKey(flight, date, seat)).addColumn(SEAT, PASSENGER))
          .getValue(SEAT, PASSENGER);
      return passenger == null ? null : Bytes.toString(passenger);
    }
  }
}
