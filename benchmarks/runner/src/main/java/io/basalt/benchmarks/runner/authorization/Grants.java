package io.basalt.benchmarks.runner.authorization;

import io.basalt.benchmarks.runner.servers.FirstPutProbe;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.access.AccessControlClient;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The permission setup of a checked server, made before anything is measured, as the runner's own user (the
 * servers' user, so a superuser): checking that permissions are checked at all (a server whose setting did not take
 * would show checks costing nothing), and granting the benchmark's user its namespace.
 */
final class Grants {
  /** A user with no grant at all. */
  static final String REFUSED = "no-grants";
  /** HBase applies a grant a moment after answering it (its servers learn of it through ZooKeeper). */
  private static final long SETTLE_MILLIS = 30_000;

  private Grants() {}

  /** A user without grants must be refused a namespace of its own. */
  static void checkRefusesStrangers(ServerUnderTest server) throws IOException {
    try (Connection connection = ConnectionFactory.createConnection(configuration(server),
        User.create(UserGroupInformation.createRemoteUser(REFUSED))); Admin admin = connection.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create("benchmark_refused").build());
    } catch (AccessDeniedException refused) {
      return;
    }
    throw new IOException(server.name() + " let a user without grants create a namespace, so it does not check "
        + "permissions; see " + server.log());
  }

  /** Grants {@code user} READ, WRITE and CREATE on the default namespace, and waits until the server applies it. */
  static void allowOnDefaultNamespace(ServerUnderTest server, String user) throws IOException {
    Action[] actions = {Action.READ, Action.WRITE, Action.CREATE};
    try (Connection connection = ConnectionFactory.createConnection(configuration(server));
        Admin admin = connection.getAdmin()) {
      try {
        AccessControlClient.grant(connection, NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR, user, actions);
      } catch (Throwable t) {
        throw new IOException("granting " + user + " the default namespace on " + server.name() + " failed", t);
      }
      Permission permission = Permission.newBuilder(NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR)
          .withActions(actions).build();
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_MILLIS);
      while (!admin.hasUserPermissions(user, List.of(permission)).get(0)) {
        if (System.nanoTime() > deadline) {
          throw new IOException(server.name() + " did not apply the grant to " + user + " within " + SETTLE_MILLIS
              + " ms; see " + server.log());
        }
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
      }
    }
  }

  private static Configuration configuration(ServerUnderTest server) {
    return FirstPutProbe.failingFast(FirstPutProbe.clientConfiguration(server.zookeeperHost(),
        server.zookeeperPort(), server.clientProperties()));
  }
}
