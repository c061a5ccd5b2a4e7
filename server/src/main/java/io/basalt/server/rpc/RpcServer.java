package io.basalt.server.rpc;

import io.basalt.hbase.metrics.ServerMetrics;
import io.basalt.hbase.rpc.RpcDispatcher;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.server.auth.ServerSecurity;
import io.basalt.server.config.Settings;
import io.basalt.server.tls.ServerTls;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HBase RPC port: a Netty server whose connections decode HBase's framing and whose calls run on a bounded
 * pool of handler threads, behind TLS and Kerberos authentication when they are configured. The services are
 * attached once the server knows its own address, since region locations carry it; calls arriving before that get
 * ServerNotRunningYetException and are retried.
 */
public final class RpcServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RpcServer.class);
  private static final long HANDLER_EXIT_SECONDS = 10;

  private final EventLoopGroup acceptors = new NioEventLoopGroup(1, new DefaultThreadFactory("rpc-accept", true));
  private final EventLoopGroup workers = new NioEventLoopGroup(0, new DefaultThreadFactory("rpc-io", true));
  private final ChannelGroup connections = new DefaultChannelGroup("rpc-connections", GlobalEventExecutor.INSTANCE);
  private final AtomicReference<RpcDispatcher> dispatcher = new AtomicReference<>();
  private final ThreadPoolExecutor handlers;
  private final CallRunner runner;
  private final RpcMetrics metrics;
  private final Channel listener;
  private final ServerTls tls;
  private final ServerSecurity security;

  private RpcServer(RpcServerSettings settings, String clusterId) throws InterruptedException {
    tls = settings.tls();
    security = settings.security();
    handlers = new ThreadPoolExecutor(settings.handlerCount(), settings.handlerCount(), 60, TimeUnit.SECONDS,
        new ArrayBlockingQueue<>(settings.callQueueLength()), new DefaultThreadFactory("rpc-handler", true));
    metrics = new RpcMetrics(ServerMetrics.INTERVAL_MILLIS, () -> handlers.getQueue().size(), connections::size);
    runner = new CallRunner(dispatcher::get, handlers, settings.shortCallsOnIoThreads(), metrics);
    ServerBootstrap bootstrap = new ServerBootstrap()
        .group(acceptors, workers)
        .channel(NioServerSocketChannel.class)
        .option(ChannelOption.SO_REUSEADDR, true)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childOption(ChannelOption.SO_KEEPALIVE, true)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel channel) {
            connections.add(channel);
            ConnectionActivity activity = new ConnectionActivity(System.nanoTime());
            ScannerQuota scanners = new ScannerQuota(settings.maxScannersPerConnection(),
                Settings.MAX_SCANNERS_PER_CONNECTION.key());
            if (tls != null) {
              tls.addTo(channel);
            }
            channel.pipeline()
                .addLast("hbase-framing", new ConnectionDecoder(clusterId, settings.maxRequestSize(), activity,
                    settings.security()))
                .addLast("idle-close", new IdleConnectionCloser(activity, settings.idleMillis()))
                .addLast("calls", new CallHandler(runner, activity, scanners));
          }
        });
    try {
      listener = bootstrap.bind(settings.address()).sync().channel();
    } catch (InterruptedException | RuntimeException e) {
      shutdownThreads();
      throw e;
    } catch (Exception e) {
      // Netty rethrows socket errors (a port in use) as checked exceptions the signature does not name.
      shutdownThreads();
      throw new BindFailedException(settings.address(), e);
    }
  }

  /** Binds the port; throws {@link BindFailedException} when it is taken or unusable. */
  public static RpcServer bind(RpcServerSettings settings, String clusterId) throws InterruptedException {
    return new RpcServer(settings, clusterId);
  }

  /** The port actually bound (useful when 0 asked for any free port). */
  public int port() {
    return ((InetSocketAddress) listener.localAddress()).getPort();
  }

  /** How connections are secured, for the log line saying the port is open: empty for plaintext and simple. */
  public String security() {
    List<String> parts = new ArrayList<>();
    if (tls != null) {
      parts.add(tls.toString());
    }
    if (!security.describe().isEmpty()) {
      parts.add(security.describe());
    }
    return parts.isEmpty() ? "" : " (" + String.join("; ", parts) + ")";
  }

  /** Where the calls ran so far: network threads or handlers. */
  public CallPlacement.Counts callPlacement() {
    return runner.placement().counts();
  }

  /** What the server measures of its calls, HBase's IPC metrics. */
  public RpcMetrics metrics() {
    return metrics;
  }

  /** Starts answering calls with these services. */
  public void serve(RpcDispatcher services) {
    dispatcher.set(services);
  }

  /**
   * Stops in the order that keeps answers whole: no new connections, then no new calls (calls that still arrive
   * are answered with RegionServerStoppedException, which clients retry), then up to {@code graceMillis} for the
   * calls in flight to finish and their answers to be written, then every connection is closed and the handler
   * threads are gone, so nothing touches the store after this returns.
   */
  public void stop(long graceMillis) throws InterruptedException {
    listener.close().sync();
    runner.stopAccepting();
    int running = runner.inFlight();
    long waitStart = System.nanoTime();
    if (running > 0) {
      // Said at INFO so an operator wondering why a stop takes a while sees what it waits for.
      LOG.info("Waiting up to {} ms for {} calls in flight to finish", graceMillis, running);
    }
    if (!runner.awaitIdle(graceMillis)) {
      LOG.warn("{} calls were still running after {} ms; closing their connections", runner.inFlight(),
          graceMillis);
    } else if (running > 0) {
      LOG.info("Calls in flight finished in {} ms", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - waitStart));
    }
    connections.close().awaitUninterruptibly();
    handlers.shutdown();
    if (!handlers.awaitTermination(HANDLER_EXIT_SECONDS, TimeUnit.SECONDS)) {
      LOG.warn("Handler threads still busy {} s after their connections closed; interrupting them",
          HANDLER_EXIT_SECONDS);
    }
    shutdownThreads();
  }

  @Override
  public void close() throws InterruptedException {
    stop(0);
  }

  private void shutdownThreads() {
    if (tls != null) {
      tls.close();
    }
    security.close();
    handlers.shutdownNow();
    acceptors.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
  }
}
