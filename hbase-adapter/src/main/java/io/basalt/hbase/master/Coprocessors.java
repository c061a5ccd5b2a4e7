package io.basalt.hbase.master;

import java.util.Iterator;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.client.CoprocessorDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * Refuses table descriptors that name coprocessors. Basalt runs none: a table created with one would never have it
 * loaded, and an application relying on its hooks or endpoints would find out only when they silently did nothing.
 * HBase's master refuses a coprocessor class it cannot load, when a table is created or altered, with a
 * DoNotRetryIOException; Basalt refuses every coprocessor the same way, with HBase's message.
 *
 * <p>No coprocessor is excepted. HBase 2.6 attaches one on its own, MultiRowMutationEndpoint, to hbase:meta only
 * (its master's FSTableDescriptors): Basalt's hbase:meta descriptor shows it as HBase's does, and hbase:meta's
 * descriptor cannot be changed, so it never comes here. HBase adds none to the tables clients create; the
 * coprocessors clients add themselves (ConstraintProcessor through {@code Constraints}, MultiRowMutationEndpoint
 * for {@code mutateRows} through a coprocessor service, AggregateImplementation, Phoenix's) all need hooks or
 * endpoints Basalt does not run.
 */
final class Coprocessors {
  /** The table attribute that turns HBase's sanity checks off; with it, HBase accepts any coprocessor. */
  private static final String SANITY_CHECKS = "hbase.table.sanity.checks";

  private Coprocessors() {}

  /** Refuses the descriptor if it names a coprocessor, naming the first as HBase names the one it cannot load. */
  static void refuseAny(TableDescriptor descriptor) throws DoNotRetryIOException {
    Iterator<CoprocessorDescriptor> named = descriptor.getCoprocessorDescriptors().iterator();
    if (!named.hasNext()) {
      return;
    }
    throw new DoNotRetryIOException("Class " + named.next().getClassName() + " cannot be loaded"
        + (sanityChecksOff(descriptor)
            // HBase would take the table and then abort its region server when a region failed to load the class
            // (hbase.coprocessor.abortonerror, true by default), as 2.6.4 did when tried; Basalt refuses anyway,
            // and does not suggest a way around that would not help.
            ? ": Basalt runs no coprocessors"
            : " Set " + SANITY_CHECKS + " to false at conf or table descriptor if you want to bypass sanity checks"));
  }

  private static boolean sanityChecksOff(TableDescriptor descriptor) {
    return "false".equalsIgnoreCase(descriptor.getValue(SANITY_CHECKS));
  }
}
