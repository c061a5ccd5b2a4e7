package io.basalt.embedded;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.security.User;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the stock client's heavy classes on a second thread while the server starts on the first, since a test's
 * next step is to connect. In a cold JVM class loading is most of what stands between {@code start()} and the
 * first put, and a test machine has a core to spare for it. Only speed depends on this: a class that this client
 * version lacks is skipped.
 */
final class ClientWarmUp {
  private static final Logger LOG = LoggerFactory.getLogger(ClientWarmUp.class);
  private static final AtomicBoolean STARTED = new AtomicBoolean();
  private static final List<String> CLASSES = List.of(
      "org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos",
      "org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos",
      "org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos",
      "org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil",
      "org.apache.hadoop.hbase.client.ConnectionImplementation",
      "org.apache.hadoop.hbase.client.ConnectionOverAsyncConnection",
      "org.apache.hadoop.hbase.client.AsyncConnectionImpl",
      "org.apache.hadoop.hbase.client.ZKConnectionRegistry",
      "org.apache.hadoop.hbase.client.RpcConnectionRegistry",
      "org.apache.hadoop.hbase.zookeeper.ReadOnlyZKClient",
      "org.apache.hadoop.hbase.ipc.NettyRpcClient",
      "org.apache.hadoop.hbase.ipc.NettyRpcConnection",
      "org.apache.hadoop.hbase.client.HBaseAdmin",
      "org.apache.hadoop.hbase.client.RawAsyncHBaseAdmin",
      "org.apache.hadoop.hbase.client.HTable",
      "org.apache.hadoop.hbase.client.RawAsyncTableImpl",
      "org.apache.hadoop.hbase.client.AsyncProcess",
      "org.apache.hadoop.hbase.client.AsyncRegionLocator",
      "org.apache.hadoop.hbase.shaded.protobuf.RequestConverter",
      "org.apache.hadoop.hbase.shaded.protobuf.ResponseConverter");

  private ClientWarmUp() {}

  /** Starts the warm-up the first time a server starts in this JVM; afterwards the classes are loaded. */
  static void startInBackground() {
    if (!STARTED.compareAndSet(false, true)) {
      return;
    }
    Thread thread = new Thread(ClientWarmUp::run, "basalt-embedded-client-warm-up");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
    thread.start();
  }

  private static void run() {
    ClassLoader loader = ClientWarmUp.class.getClassLoader();
    for (String name : CLASSES) {
      try {
        Class.forName(name, true, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        LOG.debug("Client warm-up skipped {}: {}", name, e.toString());
      }
    }
    try {
      HBaseConfiguration.create();
      User.getCurrent();
    } catch (Exception e) {
      LOG.debug("Client warm-up could not read the client configuration or user: {}", e.toString());
    }
  }
}
