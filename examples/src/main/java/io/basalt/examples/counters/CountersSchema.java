package io.basalt.examples.counters;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The two tables of the counters example.
 * <ul>
 *   <li>{@code page_views}: one row per page, family {@code views}: a {@code total} column and one column per day,
 *       named by the date (qualifiers as data). One Increment bumps both atomically.</li>
 *   <li>{@code seat_reservations}: one row per seat of a flight, {@code FLIGHT#DATE#SEAT}; the row exists while
 *       the seat is taken, and {@code seat:passenger} says by whom.</li>
 * </ul>
 */
public final class CountersSchema {
  public static final TableName PAGE_VIEWS = TableName.valueOf("page_views");
  public static final byte[] VIEWS = Bytes.toBytes("views");
  public static final byte[] TOTAL = Bytes.toBytes("total");

  public static final TableName SEAT_RESERVATIONS = TableName.valueOf("seat_reservations");
  public static final byte[] SEAT = Bytes.toBytes("seat");
  public static final byte[] PASSENGER = Bytes.toBytes("passenger");

  private CountersSchema() {}

  public static TableDescriptor pageViewsDescriptor() {
    return TableDescriptorBuilder.newBuilder(PAGE_VIEWS).setColumnFamily(ColumnFamilyDescriptorBuilder.of(VIEWS))
        .build();
  }

  public static TableDescriptor seatReservationsDescriptor() {
    return TableDescriptorBuilder.newBuilder(SEAT_RESERVATIONS)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(SEAT)).build();
  }

  /** {@code DL0042#20240321#14C}. */
  public static byte[] seatKey(String flight, String date, String seat) {
    return Bytes.toBytes(flight + "#" + date + "#" + seat);
  }
}
