package io.basalt.conformance.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Operations made of other operations: check-and-mutate (single and in lists), atomic row mutations, and mixed
 * batches. Actions in one batch or list touch distinct rows, since HBase leaves the order of actions on one row
 * within a batch undefined.
 */
final class CompositeGenerator {
  /**
   * Every operator but NO_OP: HBase 2.6 throws an unchecked "Unknown Compare op" from its region for it, which fails
   * the whole RPC and every other action in it; Basalt refuses just that action with a DoNotRetryIOException.
   */
  private static final List<CompareOperator> OPERATORS = java.util.Arrays.stream(CompareOperator.values())
      .filter(op -> op != CompareOperator.NO_OP).toList();

  private final Vocabulary words;
  private final MutationGenerator mutations;
  private final FilterGenerator filters;

  CompositeGenerator(Vocabulary words, MutationGenerator mutations, FilterGenerator filters) {
    this.words = words;
    this.mutations = mutations;
    this.filters = filters;
  }

  Operation checkAndMutate() {
    ConditionalSpec spec = conditional(words.row());
    return new Operation("checkAndMutate " + spec,
        table -> Canonical.checkAndMutate(table.checkAndMutate(spec.build().get())));
  }

  Operation checkAndMutateList() {
    List<ConditionalSpec> specs = new ArrayList<>();
    for (byte[] row : words.distinctRows(words.between(2, 4))) {
      specs.add(conditional(row));
    }
    return new Operation("checkAndMutate " + specs, table -> {
      List<CheckAndMutate> list = new ArrayList<>();
      for (ConditionalSpec spec : specs) {
        list.add(spec.build().get());
      }
      StringBuilder text = new StringBuilder();
      for (CheckAndMutateResult outcome : table.checkAndMutate(list)) {
        text.append(Canonical.checkAndMutate(outcome)).append('\n');
      }
      return text.toString();
    });
  }

  Operation mutateRow() {
    RowMutationsSpec spec = rowMutations(words.row());
    return new Operation("mutateRow " + spec, table -> Canonical.result(table.mutateRow(spec.build().get())));
  }

  Operation batch() {
    List<String> descriptions = new ArrayList<>();
    List<Supplier<Row>> actions = new ArrayList<>();
    for (byte[] row : words.distinctRows(words.between(2, 6))) {
      int pick = words.random().nextInt(100);
      if (pick < 25) {
        GetSpec get = GetSpec.random(words, filters, row);
        descriptions.add("get " + get);
        actions.add(() -> {
          try {
            return get.build();
          } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
          }
        });
      } else if (pick < 35) {
        RowMutationsSpec rowMutations = rowMutations(row);
        descriptions.add("mutateRow " + rowMutations);
        actions.add(rowMutations.build()::get);
      } else if (pick < 45) {
        ConditionalSpec conditional = conditional(row);
        descriptions.add("checkAndMutate " + conditional);
        actions.add(conditional.build()::get);
      } else if (pick < 50) {
        MutationGenerator.MutationSpec bad = mutations.badPut(row);
        descriptions.add(bad.description());
        actions.add(bad.build()::get);
      } else {
        MutationGenerator.MutationSpec mutation = mutations.any(row);
        descriptions.add(mutation.description());
        actions.add(mutation.build()::get);
      }
    }
    return new Operation("batch " + descriptions, table -> {
      List<Row> batch = new ArrayList<>();
      for (Supplier<Row> action : actions) {
        batch.add(action.get());
      }
      Object[] results = new Object[batch.size()];
      String thrown = "";
      try {
        table.batch(batch, results);
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        thrown = "threw " + Canonical.error(e) + "\n";
      }
      StringBuilder text = new StringBuilder(thrown);
      for (Object result : results) {
        text.append(Canonical.batchEntry(result)).append('\n');
      }
      return text.toString();
    });
  }

  private record ConditionalSpec(String description, Supplier<CheckAndMutate> build) {
    @Override
    public String toString() {
      return description;
    }
  }

  private ConditionalSpec conditional(byte[] row) {
    StringBuilder description = new StringBuilder(Bytes.toString(row)).append(" if ");
    int kind = words.random().nextInt(10);
    byte[] family = words.anyFamily();
    byte[] qualifier = words.qualifier(family);
    byte[] value = words.valueFor(family, qualifier);
    CompareOperator op = words.oneOf(OPERATORS);
    FilterGenerator.FilterSpec filter = kind >= 8 ? filters.any() : null;
    if (kind < 2) {
      description.append(Bytes.toString(family)).append(':').append(Bytes.toString(qualifier)).append(" absent");
    } else if (kind < 5) {
      description.append(Bytes.toString(family)).append(':').append(Bytes.toString(qualifier)).append(" == ")
          .append(Bytes.toStringBinary(value));
    } else if (kind < 8) {
      description.append(Bytes.toString(family)).append(':').append(Bytes.toString(qualifier)).append(' ')
          .append(op).append(' ').append(Bytes.toStringBinary(value));
    } else {
      description.append("filter ").append(filter);
    }
    long[] timeRange = words.chance(15) ? new long[] {words.between(0, 20), words.between(21, 45)} : null;
    if (timeRange != null) {
      description.append(" time=[").append(timeRange[0]).append(',').append(timeRange[1]).append(')');
    }
    int actionKind = words.random().nextInt(10);
    MutationGenerator.MutationSpec single = actionKind < 8 ? mutations.any(row) : null;
    RowMutationsSpec multiple = actionKind >= 8 ? rowMutations(row) : null;
    description.append(" then ").append(single != null ? single : "mutateRow " + multiple);
    return new ConditionalSpec(description.toString(), () -> {
      CheckAndMutate.Builder builder = CheckAndMutate.newBuilder(row);
      if (kind < 2) {
        builder.ifNotExists(family, qualifier);
      } else if (kind < 5) {
        builder.ifEquals(family, qualifier, value);
      } else if (kind < 8) {
        builder.ifMatches(family, qualifier, op, value);
      } else {
        builder.ifMatches(filter.build().get());
      }
      if (timeRange != null) {
        builder.timeRange(TimeRange.between(timeRange[0], timeRange[1]));
      }
      if (multiple != null) {
        return builder.build(multiple.build().get());
      }
      Mutation mutation = single.build().get();
      if (mutation instanceof Put put) {
        return builder.build(put);
      } else if (mutation instanceof Delete delete) {
        return builder.build(delete);
      } else if (mutation instanceof Increment increment) {
        return builder.build(increment);
      }
      return builder.build((Append) mutation);
    });
  }

  private record RowMutationsSpec(String description, Supplier<RowMutations> build) {
    @Override
    public String toString() {
      return description;
    }
  }

  private RowMutationsSpec rowMutations(byte[] row) {
    List<MutationGenerator.MutationSpec> parts = new ArrayList<>();
    for (int i = words.between(1, 3); i > 0; i--) {
      parts.add(words.chance(80) ? mutations.putOrDelete(row) : mutations.any(row));
    }
    return new RowMutationsSpec(parts.toString(), () -> {
      RowMutations rowMutations = new RowMutations(row, parts.size());
      try {
        for (MutationGenerator.MutationSpec part : parts) {
          rowMutations.add(part.build().get());
        }
      } catch (java.io.IOException e) {
        throw new IllegalStateException(e);
      }
      return rowMutations;
    });
  }
}
