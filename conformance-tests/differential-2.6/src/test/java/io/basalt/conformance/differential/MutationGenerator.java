package io.basalt.conformance.differential;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Random single-row mutations, drawn once and built afresh per server: Puts with explicit timestamps, Deletes of
 * every type, Increments and Appends, some with a TTL of their own. Puts always carry a timestamp; a delete without
 * one stays out of the counter family. Where a server-stamped delete and an increment or append still meet (appends
 * to data columns), the test keeps each server's operations in distinct milliseconds ({@link MillisecondSpacing}).
 */
final class MutationGenerator {
  /** A mutation in words, and a way to build it. */
  record MutationSpec(String description, Supplier<Mutation> build) {
    @Override
    public String toString() {
      return description;
    }
  }

  private static final List<Durability> DURABILITIES = List.of(Durability.values());
  private static final long NO_TTL = Long.MAX_VALUE;
  /** About 35,000 years: never runs out in a run, and far from overflowing when added to a timestamp. */
  private static final long LASTING_TTL = 1L << 50;

  private final Vocabulary words;

  MutationGenerator(Vocabulary words) {
    this.words = words;
  }

  MutationSpec put(byte[] row) {
    StringBuilder description = new StringBuilder("put ").append(Bytes.toString(row));
    List<Object[]> cells = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = words.between(1, 4); i > 0; i--) {
      byte[] family = words.chance(15) ? Vocabulary.C : words.dataFamily();
      byte[] qualifier = words.qualifier(family);
      long ts = words.timestamp();
      if (!seen.add(Bytes.toString(family) + ":" + Bytes.toString(qualifier) + "/" + ts)) {
        continue; // one cell per key: two in one Put would race inside the server
      }
      byte[] value = words.valueFor(family, qualifier);
      cells.add(new Object[] {family, qualifier, ts, value});
      description.append(' ').append(Bytes.toString(family)).append(':').append(Bytes.toString(qualifier))
          .append('/').append(ts).append('=').append(Bytes.toStringBinary(value));
    }
    Durability durability = durability(description);
    long ttl = putTtl(description);
    return new MutationSpec(description.toString(), () -> {
      Put put = new Put(row);
      for (Object[] cell : cells) {
        put.addColumn((byte[]) cell[0], (byte[]) cell[1], (long) cell[2], (byte[]) cell[3]);
      }
      put.setDurability(durability);
      withTtl(put, ttl);
      return put;
    });
  }

  MutationSpec delete(byte[] row) {
    StringBuilder description = new StringBuilder("delete ").append(Bytes.toString(row));
    if (words.chance(12)) {
      long ts = words.timestamp();
      description.append(" row/").append(ts);
      return new MutationSpec(description.toString(), () -> new Delete(row, ts));
    }
    List<Object[]> markers = new ArrayList<>();
    for (int i = words.between(1, 3); i > 0; i--) {
      byte[] family = words.anyFamily();
      byte[] qualifier = words.qualifier(family);
      int kind = words.random().nextInt(6);
      if (kind >= 4 && Bytes.equals(family, Vocabulary.C)) {
        // Server-stamped deletes only in the data families, which hold test-chosen timestamps alone: among
        // counters a marker and an increment could share a millisecond on one server and not the other.
        kind -= 4;
      }
      long ts = kind >= 4 ? -1 : words.timestamp();
      markers.add(new Object[] {kind, family, qualifier, ts});
      String[] names = {"version", "columns", "family", "familyVersion", "latestVersion", "columnsNow"};
      description.append(' ').append(names[kind]).append(' ').append(Bytes.toString(family));
      if (kind != 2 && kind != 3) {
        description.append(':').append(Bytes.toString(qualifier));
      }
      description.append(ts >= 0 ? "/" + ts : "");
    }
    Durability durability = durability(description);
    return new MutationSpec(description.toString(), () -> {
      Delete delete = new Delete(row);
      for (Object[] marker : markers) {
        byte[] family = (byte[]) marker[1];
        byte[] qualifier = (byte[]) marker[2];
        long ts = (long) marker[3];
        switch ((int) marker[0]) {
          case 0 -> delete.addColumn(family, qualifier, ts);
          case 1 -> delete.addColumns(family, qualifier, ts);
          case 2 -> delete.addFamily(family, ts);
          case 3 -> delete.addFamilyVersion(family, ts);
          case 4 -> delete.addColumn(family, qualifier);
          default -> delete.addColumns(family, qualifier);
        }
      }
      delete.setDurability(durability);
      return delete;
    });
  }

  MutationSpec increment(byte[] row) {
    StringBuilder description = new StringBuilder("increment ").append(Bytes.toString(row));
    List<Object[]> columns = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = words.between(1, 3); i > 0; i--) {
      byte[] family = words.chance(8) ? words.dataFamily() : Vocabulary.C;
      byte[] qualifier = words.qualifier(family);
      if (!seen.add(Bytes.toString(family) + ":" + Bytes.toString(qualifier))) {
        continue;
      }
      long amount = words.between(-3, 10);
      columns.add(new Object[] {family, qualifier, amount});
      description.append(' ').append(Bytes.toString(family)).append(':').append(Bytes.toString(qualifier))
          .append("+=").append(amount);
    }
    boolean returnResults = !words.chance(20);
    long[] timeRange = words.chance(10) ? new long[] {0, words.between(1, Vocabulary.MAX_TIMESTAMP)} : null;
    description.append(returnResults ? "" : " noResults")
        .append(timeRange == null ? "" : " time=[0," + timeRange[1] + ")");
    Durability durability = durability(description);
    long ttl = counterTtl(description);
    return new MutationSpec(description.toString(), () -> {
      Increment increment = new Increment(row);
      for (Object[] column : columns) {
        increment.addColumn((byte[]) column[0], (byte[]) column[1], (long) column[2]);
      }
      increment.setReturnResults(returnResults);
      if (timeRange != null) {
        try {
          increment.setTimeRange(timeRange[0], timeRange[1]);
        } catch (java.io.IOException e) {
          throw new IllegalStateException(e);
        }
      }
      increment.setDurability(durability);
      withTtl(increment, ttl);
      return increment;
    });
  }

  MutationSpec append(byte[] row) {
    StringBuilder description = new StringBuilder("append ").append(Bytes.toString(row));
    List<Object[]> columns = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = words.between(1, 2); i > 0; i--) {
      byte[] family = words.chance(30) ? words.dataFamily() : Vocabulary.C;
      byte[] qualifier = Bytes.equals(family, Vocabulary.C) ? Vocabulary.MIXED_COUNTER : words.qualifier(family);
      if (!seen.add(Bytes.toString(family) + ":" + Bytes.toString(qualifier))) {
        continue;
      }
      byte[] suffix = Bytes.toBytes("+" + words.random().nextInt(10));
      columns.add(new Object[] {family, qualifier, suffix});
      description.append(' ').append(Bytes.toString(family)).append(':').append(Bytes.toString(qualifier))
          .append("+=").append(Bytes.toString(suffix));
    }
    boolean returnResults = !words.chance(20);
    description.append(returnResults ? "" : " noResults");
    Durability durability = durability(description);
    long ttl = counterTtl(description);
    return new MutationSpec(description.toString(), () -> {
      Append append = new Append(row);
      for (Object[] column : columns) {
        append.addColumn((byte[]) column[0], (byte[]) column[1], (byte[]) column[2]);
      }
      append.setReturnResults(returnResults);
      append.setDurability(durability);
      withTtl(append, ttl);
      return append;
    });
  }

  /** A Put or Delete, the mutations a RowMutations or a conditional action may hold alongside counters. */
  MutationSpec putOrDelete(byte[] row) {
    return words.chance(65) ? put(row) : delete(row);
  }

  MutationSpec any(byte[] row) {
    int pick = words.random().nextInt(100);
    if (pick < 45) {
      return put(row);
    } else if (pick < 70) {
      return delete(row);
    } else if (pick < 88) {
      return increment(row);
    }
    return append(row);
  }

  /** A Put to a family the table lacks: the server must refuse that one action and no other. */
  MutationSpec badPut(byte[] row) {
    long ts = words.timestamp();
    return new MutationSpec("put " + Bytes.toString(row) + " z:q0/" + ts + " (no such family)",
        () -> new Put(row).addColumn(Vocabulary.MISSING, Bytes.toBytes("q0"), ts, Bytes.toBytes("v")));
  }

  /**
   * A put's own TTL, or {@link #NO_TTL}. The wall clock must not decide an outcome, so a TTL either ran out long
   * before the put was written (its explicit timestamps are below 41 ms after the epoch) or outlasts any run.
   */
  private long putTtl(StringBuilder description) {
    if (!words.chance(20)) {
      return NO_TTL;
    }
    long ttl = words.chance(50) ? words.between(1, 1_000) : LASTING_TTL;
    description.append(" ttl=").append(ttl);
    return ttl;
  }

  /**
   * A counter mutation's own TTL, or {@link #NO_TTL}. Counters take the server's clock, so a TTL that runs out
   * within the run is a negative one: the new version is expired as it is written.
   */
  private long counterTtl(StringBuilder description) {
    if (!words.chance(15)) {
      return NO_TTL;
    }
    long ttl = words.chance(30) ? -words.between(1, 1_000) : LASTING_TTL;
    description.append(" ttl=").append(ttl);
    return ttl;
  }

  private static void withTtl(Mutation mutation, long ttl) {
    if (ttl != NO_TTL) {
      mutation.setTTL(ttl);
    }
  }

  private Durability durability(StringBuilder description) {
    if (!words.chance(15)) {
      return Durability.USE_DEFAULT;
    }
    Durability durability = words.oneOf(DURABILITIES);
    description.append(" durability=").append(durability);
    return durability;
  }
}
