package io.basalt.conformance.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The small world the random operations live in: few rows, families and qualifiers, so operations keep hitting
 * the same cells and versions, delete markers and counters interact. Explicit timestamps are small numbers, far
 * below any server clock, so every cell a test writes with one sorts below every cell a server stamps.
 */
final class Vocabulary {
  static final TableName TABLE = TableName.valueOf("differential");
  /** Three versions kept: version limits, version deletes and time ranges interact here. */
  static final byte[] A = Bytes.toBytes("a");
  /** One version kept. */
  static final byte[] B = Bytes.toBytes("b");
  /** Counters: increments and appends, which take their timestamps from the server. */
  static final byte[] C = Bytes.toBytes("c");
  /** A family the table does not have, for per-action errors. */
  static final byte[] MISSING = Bytes.toBytes("z");
  static final int ROWS = 30;
  static final int MAX_TIMESTAMP = 40;

  private final Random random;

  Vocabulary(Random random) {
    this.random = random;
  }

  static TableDescriptor tableDescriptor() {
    return TableDescriptorBuilder.newBuilder(TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(A).setMaxVersions(3).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(B).setMaxVersions(1).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(C).setMaxVersions(1).build())
        .build();
  }

  /** Three regions, so scans and batches cross region boundaries. */
  static byte[][] splitKeys() {
    return new byte[][] {Bytes.toBytes("r10"), Bytes.toBytes("r20")};
  }

  Random random() {
    return random;
  }

  boolean chance(int percent) {
    return random.nextInt(100) < percent;
  }

  int between(int lowInclusive, int highInclusive) {
    return lowInclusive + random.nextInt(highInclusive - lowInclusive + 1);
  }

  <T> T oneOf(List<T> choices) {
    return choices.get(random.nextInt(choices.size()));
  }

  byte[] row() {
    return row(random.nextInt(ROWS));
  }

  static byte[] row(int index) {
    return Bytes.toBytes(String.format("r%02d", index));
  }

  /** Distinct rows, for batches whose actions must not depend on each other's order. */
  List<byte[]> distinctRows(int count) {
    List<Integer> indexes = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      indexes.add(i);
    }
    java.util.Collections.shuffle(indexes, random);
    List<byte[]> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add(row(indexes.get(i)));
    }
    return rows;
  }

  /** A family holding plain data (not counters). */
  byte[] dataFamily() {
    return random.nextBoolean() ? A : B;
  }

  byte[] anyFamily() {
    return oneOf(List.of(A, B, C));
  }

  byte[] qualifier(byte[] family) {
    return Bytes.equals(family, C) ? Bytes.toBytes("k" + random.nextInt(4)) : Bytes.toBytes("q" + random.nextInt(5));
  }

  long timestamp() {
    return 1 + random.nextInt(MAX_TIMESTAMP);
  }

  byte[] value() {
    return chance(3) ? new byte[0] : Bytes.toBytes("v" + random.nextInt(12));
  }

  /**
   * The one counter column that also takes values that are not 8-byte longs (plain puts and appends), so that
   * increments meet values they must refuse. Long comparators are kept off it: HBase 2.6 reads eight bytes from
   * its off-heap memstore whatever the value's length, so comparing a shorter value there has no defined answer.
   */
  static final byte[] MIXED_COUNTER = Bytes.toBytes("k3");

  /** A counter column that only ever holds 8-byte longs. */
  byte[] longCounter() {
    return Bytes.toBytes("k" + random.nextInt(3));
  }

  byte[] counterValue(byte[] qualifier) {
    if (Bytes.equals(qualifier, MIXED_COUNTER) && chance(40)) {
      return Bytes.toBytes("n" + random.nextInt(3));
    }
    return Bytes.toBytes((long) random.nextInt(20));
  }

  byte[] valueFor(byte[] family, byte[] qualifier) {
    return Bytes.equals(family, C) ? counterValue(qualifier) : value();
  }
}
