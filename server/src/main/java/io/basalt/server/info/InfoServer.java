package io.basalt.server.info;

import io.basalt.server.rpc.BindFailedException;
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
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The HTTP info port: {@code GET /status} (and {@code /}) answers a small JSON document describing the server, for
 * operators, health checks and {@code bin/basalt status}.
 */
public final class InfoServer implements AutoCloseable {
  private static final int MAX_REQUEST_BYTES = 64 * 1024;

  private final EventLoopGroup loop = new NioEventLoopGroup(1, new DefaultThreadFactory("info-http", true));
  private final Channel listener;

  private InfoServer(InetSocketAddress address, Supplier<String> statusJson) throws InterruptedException {
    ServerBootstrap bootstrap = new ServerBootstrap()
        .group(loop)
        .channel(NioServerSocketChannel.class)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel channel) {
            channel.pipeline()
                .addLast(new HttpServerCodec())
                .addLast(new HttpObjectAggregator(MAX_REQUEST_BYTES))
                .addLast(new StatusHandler(statusJson));
          }
        });
    try {
      listener = bootstrap.bind(address).sync().channel();
    } catch (InterruptedException | RuntimeException e) {
      loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      throw e;
    } catch (Exception e) {
      loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      throw new BindFailedException(address, e);
    }
  }

  public static InfoServer bind(InetSocketAddress address, Supplier<String> statusJson)
      throws InterruptedException {
    return new InfoServer(address, statusJson);
  }

  public int port() {
    return ((InetSocketAddress) listener.localAddress()).getPort();
  }

  @Override
  public void close() {
    listener.close().awaitUninterruptibly();
    loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
  }

  private static final class StatusHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final Supplier<String> statusJson;

    StatusHandler(Supplier<String> statusJson) {
      this.statusJson = statusJson;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      String path = request.uri().split("\\?", 2)[0];
      FullHttpResponse response;
      if (!HttpMethod.GET.equals(request.method())) {
        response = text(HttpResponseStatus.METHOD_NOT_ALLOWED, "only GET is served\n", "text/plain");
      } else if (path.equals("/") || path.equals("/status")) {
        response = text(HttpResponseStatus.OK, statusJson.get() + "\n", "application/json");
      } else {
        response = text(HttpResponseStatus.NOT_FOUND, "not found; try /status\n", "text/plain");
      }
      ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
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
