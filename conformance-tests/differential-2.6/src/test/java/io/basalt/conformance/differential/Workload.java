package io.basalt.conformance.differential;

import java.util.Random;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;

/** The seeded random sequence of operations: the same seed gives the same operations, in the same order. */
final class Workload {
  private final Vocabulary words;
  private final MutationGenerator mutations;
  private final ReadGenerator reads;
  private final CompositeGenerator composites;

  Workload(long seed) {
    this.words = new Vocabulary(new Random(seed));
    FilterGenerator filters = new FilterGenerator(words);
    this.mutations = new MutationGenerator(words);
    this.reads = new ReadGenerator(words, filters);
    this.composites = new CompositeGenerator(words, mutations, filters);
  }

  Operation next() {
    int pick = words.random().nextInt(100);
    if (pick < 24) {
      MutationGenerator.MutationSpec put = mutations.put(words.row());
      return new Operation(put.description(), table -> {
        table.put((Put) put.build().get());
        return "ok";
      });
    } else if (pick < 35) {
      MutationGenerator.MutationSpec delete = mutations.delete(words.row());
      return new Operation(delete.description(), table -> {
        table.delete((Delete) delete.build().get());
        return "ok";
      });
    } else if (pick < 43) {
      MutationGenerator.MutationSpec increment = mutations.increment(words.row());
      return new Operation(increment.description(),
          table -> Canonical.result(table.increment((Increment) increment.build().get())));
    } else if (pick < 47) {
      MutationGenerator.MutationSpec append = mutations.append(words.row());
      return new Operation(append.description(),
          table -> Canonical.result(table.append((Append) append.build().get())));
    } else if (pick < 61) {
      return reads.get();
    } else if (pick < 65) {
      return reads.multiGet();
    } else if (pick < 80) {
      return reads.scan();
    } else if (pick < 87) {
      return composites.checkAndMutate();
    } else if (pick < 89) {
      return composites.checkAndMutateList();
    } else if (pick < 92) {
      return composites.mutateRow();
    }
    return composites.batch();
  }
}
