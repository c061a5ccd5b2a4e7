package io.basalt.conformance.differential;

import static io.basalt.conformance.differential.SchemaSteps.create;
import static io.basalt.conformance.differential.SchemaSteps.family;
import static io.basalt.conformance.differential.SchemaSteps.settings;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CoprocessorDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Coprocessors in table descriptors, compared with real HBase 2.6.4 through the stock 2.6 client: a class HBase
 * cannot load is refused at create and alter with its message. Basalt runs no coprocessors, so it also refuses
 * those HBase could load.
 */
class CoprocessorOracleTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.shared();

  private static final String MISSING_COPROCESSOR = "com.example.NoSuchObserver";

  @Test
  void aCoprocessorIsRefusedWhenCreatingOrAltering() {
    SERVERS.same((connection, admin, table) -> {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
          .setCoprocessor(MISSING_COPROCESSOR).build());
      return "created";
    });
    SERVERS.same((connection, admin, table) -> {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
          .setValue("coprocessor$1", "|" + MISSING_COPROCESSOR + "|1001|").build());
      return "created";
    });
    SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyTable(TableDescriptorBuilder.newBuilder(admin.getDescriptor(table))
          .setCoprocessor(MISSING_COPROCESSOR).build());
      return "altered";
    });
    SERVERS.same((connection, admin, table) -> {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
          .setCoprocessor(CoprocessorDescriptorBuilder.newBuilder(MISSING_COPROCESSOR).setPriority(-5).build())
          .build());
      return "created";
    });
    // An attribute HBase cannot parse as a coprocessor is kept as any other value.
    SERVERS.same((connection, admin, table) -> {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
          .setValue("coprocessor$1", "garbage").build());
      return settings(admin.getDescriptor(table));
    });
  }

  /**
   * HBase takes a coprocessor whose class it can load; Basalt runs none, so it refuses those too, with the message
   * HBase gives for one it cannot load.
   */
  @Test
  void basaltRefusesCoprocessorsHBaseCouldLoad() throws IOException {
    String endpoint = "org.apache.hadoop.hbase.coprocessor.MultiRowMutationEndpoint";
    TableName table = SERVERS.newTable("schema");
    try (Admin admin = SERVERS.basalt().getAdmin()) {
      DoNotRetryIOException refused = assertThrows(DoNotRetryIOException.class,
          () -> admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
              .setCoprocessor(endpoint).build()));
      assertTrue(refused.getMessage().contains("Class " + endpoint + " cannot be loaded"), refused.getMessage());
    }
  }
}
