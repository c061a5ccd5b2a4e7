package io.basalt.server.info;

import io.basalt.server.metrics.MetricsBeans;
import io.basalt.server.rpc.BindFailedException;
import io.basalt.server.tls.ServerTls;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP info port: {@code GET /status} answers a small JSON document describing the server, for operators, health
 * checks and {@code bin/basalt status}; on a cluster member {@code GET /replicas} lists its Raft groups ({@code
 * /replicas?digest=true} with each tablet's digest, which reads every tablet the node holds); {@code /jmx} and {@code
 * /prometheus} serve the server's metrics as HBase's info server does ({@link JmxEndpoint}, {@link
 * PrometheusEndpoint}); every other path is a status page ({@link WebPages}, {@code /} leading to HBase's {@code
 * /master-status}). Over HTTPS when {@code hbase.ssl.enabled} is set.
 */
public final class InfoServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(InfoServer.class);
  private static final int MAX_REQUEST_BYTES = 64 * 1024;

  private final EventLoopGroup loop = new NioEventLoopGroup(1, new DefaultThreadFactory("info-http", true));
  private final StreamedAnswers answers = new StreamedAnswers();
  private final PageAnswers pages = new PageAnswers(answers);
  private final Channel listener;
  private final ServerTls tls;

  private InfoServer(InetSocketAddress address, ServerTls tls, Supplier<String> statusJson,
      Function<Boolean, String> replicasJson, MetricsBeans metrics) throws InterruptedException {
    this.tls = tls;
    JmxEndpoint jmx = new JmxEndpoint(metrics, answers);
    PrometheusEndpoint prometheus = new PrometheusEndpoint(metrics, answers);
    ServerBootstrap bootstrap = new ServerBootstrap()
        .group(loop)
        .channel(NioServerSocketChannel.class)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel channel) {
            if (tls != null) {
              tls.addTo(channel);
            }
            channel.pipeline()
                .addLast(new HttpServerCodec())
                .addLast(new HttpObjectAggregator(MAX_REQUEST_BYTES))
                .addLast(new StatusHandler(statusJson, replicasJson, jmx, prometheus, pages));
          }
        });
    try {
      listener = bootstrap.bind(address).sync().channel();
    } catch (InterruptedException | RuntimeException e) {
      shutdown();
      throw e;
    } catch (Exception e) {
      shutdown();
      throw new BindFailedException(address, e);
    }
  }

  /**
   * {@code tls} is the port's HTTPS, null for HTTP; {@code replicasJson} answers {@code /replicas} (its argument:
   * whether digests are asked for), null if none; {@code metrics} are what {@code /jmx} and {@code /prometheus}
   * show.
   */
  public static InfoServer bind(InetSocketAddress address, ServerTls tls, Supplier<String> statusJson,
      Function<Boolean, String> replicasJson, MetricsBeans metrics) throws InterruptedException {
    return new InfoServer(address, tls, statusJson, replicasJson, metrics);
  }

  /**
   * Serves the status pages from now on; until then a request for one is answered 503. {@code pages} is asked for
   * them on the first such request, not now.
   */
  public void servePages(Supplier<? extends WebPages> pages) {
    this.pages.attach(pages);
  }

  /** {@code " (HTTPS)"} or empty, for the log line saying the port is open. */
  public String security() {
    return tls == null ? "" : " (HTTPS)";
  }

  public int port() {
    return ((InetSocketAddress) listener.localAddress()).getPort();
  }

  @Override
  public void close() {
    listener.close().awaitUninterruptibly();
    shutdown();
  }

  private void shutdown() {
    answers.close();
    if (tls != null) {
      tls.close();
    }
    loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
  }

  private static final class StatusHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final Supplier<String> statusJson;
    private final Function<Boolean, String> replicasJson;
    private final JmxEndpoint jmx;
    private final PrometheusEndpoint prometheus;
    private final PageAnswers pages;

    StatusHandler(Supplier<String> statusJson, Function<Boolean, String> replicasJson, JmxEndpoint jmx,
        PrometheusEndpoint prometheus, PageAnswers pages) {
      this.statusJson = statusJson;
      this.replicasJson = replicasJson;
      this.jmx = jmx;
      this.prometheus = prometheus;
      this.pages = pages;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      QueryStringDecoder uri = new QueryStringDecoder(request.uri());
      String path;
      Map<String, List<String>> parameters;
      try {
        path = uri.path();
        parameters = uri.parameters();
      } catch (IllegalArgumentException e) {
        // A malformed escape (say %zz): the request is the client's mistake, and the port goes on serving.
        String rawPath = uri.rawPath();
        if (List.of("/jmx", "/prometheus", "/status", "/replicas").contains(rawPath)) {
          ctx.writeAndFlush(text(HttpResponseStatus.BAD_REQUEST, "malformed request URI: " + e.getMessage() + "\n",
              "text/plain")).addListener(ChannelFutureListener.CLOSE);
        } else {
          pages.refuse(ctx, request, "malformed request URI: " + e.getMessage());
        }
        return;
      }
      if (path.equals("/jmx") || path.equals("/prometheus")) {
        answerMetrics(ctx, request, path, parameters);
        return;
      }
      if (!path.equals("/status") && !path.equals("/replicas")) {
        pages.handle(ctx, request, path, parameters);
        return;
      }
      FullHttpResponse response;
      if (!HttpMethod.GET.equals(request.method())) {
        response = text(HttpResponseStatus.METHOD_NOT_ALLOWED, "only GET is served\n", "text/plain");
      } else if (path.equals("/status")) {
        response = text(HttpResponseStatus.OK, statusJson.get() + "\n", "application/json");
      } else {
        boolean digests = parameters.getOrDefault("digest", List.of()).contains("true");
        String replicas;
        try {
          replicas = replicasJson.apply(digests);
        } catch (RuntimeException e) {
          // A replica starting, installing or closing while it was read: say so rather than drop the connection.
          LOG.warn("Could not describe this node's replicas", e);
          ctx.writeAndFlush(text(HttpResponseStatus.SERVICE_UNAVAILABLE, "could not describe the replicas: " + e
              + "\n", "text/plain")).addListener(ChannelFutureListener.CLOSE);
          return;
        }
        response = replicas == null
            ? text(HttpResponseStatus.NOT_FOUND, "no replicas: this is not a cluster member, or not started yet\n",
                "text/plain")
            : text(HttpResponseStatus.OK, replicas + "\n", "application/json");
      }
      ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    /** As HBase's servlets: GET and HEAD (the headers alone) are served, any other method is refused. */
    private void answerMetrics(ChannelHandlerContext ctx, FullHttpRequest request, String path,
        Map<String, List<String>> parameters) {
      HttpMethod method = request.method();
      if (!HttpMethod.GET.equals(method) && !HttpMethod.HEAD.equals(method)) {
        FullHttpResponse refusal = HBaseHeaders.text(HttpResponseStatus.METHOD_NOT_ALLOWED,
            "only GET and HEAD are served\n");
        refusal.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
        ctx.writeAndFlush(refusal).addListener(ChannelFutureListener.CLOSE);
      } else if (path.equals("/jmx")) {
        jmx.handle(ctx, request, parameters);
      } else {
        prometheus.handle(ctx, request, parameters);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }

    private static FullHttpResponse text(HttpResponseStatus status, String body, String contentType) {
      FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
          Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
      response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType + "; charset=utf-8");
      response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
      return response;
    }
  }
}
