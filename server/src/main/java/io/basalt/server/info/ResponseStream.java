package io.basalt.server.info;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP response body written from a thread other than the channel's event loop, as Jetty sends a servlet's: a body
 * that fits in one buffer goes out whole with a {@code Content-Length}; a larger one goes out in chunks as it is
 * written, so that a body of many megabytes (a {@code /jmx} of ten thousand regions) is never whole in memory. When
 * the client reads more slowly than the body is written, the writer waits for it (up to a minute, then the
 * connection is closed): the event loop only ever moves bytes already written, and never waits.
 */
final class ResponseStream extends OutputStream {
  /** Jetty's default output buffer is 32 KiB too: HBase's small answers have a length, its large ones chunks. */
  static final int CHUNK_BYTES = 32 * 1024;
  private static final long STALLED_CLIENT_SECONDS = 60;

  private final Channel channel;
  private final HttpResponse head;
  private ByteBuf buffer;
  private boolean headSent;
  private ChannelFuture lastWrite;
  private boolean finished;

  /** {@code head}: the status and headers, without any length or transfer encoding, which this stream sets. */
  ResponseStream(Channel channel, HttpResponse head) {
    this.channel = channel;
    this.head = head;
    this.buffer = channel.alloc().buffer(CHUNK_BYTES);
  }

  /** Whether the status and headers are on their way, after which no other answer can be given. */
  boolean started() {
    return headSent;
  }

  @Override
  public void write(int b) {
    buffer.writeByte(b);
    if (!buffer.isWritable()) {
      sendChunk();
    }
  }

  @Override
  public void write(byte[] bytes, int offset, int length) {
    while (length > 0) {
      int n = Math.min(length, buffer.writableBytes());
      buffer.writeBytes(bytes, offset, n);
      offset += n;
      length -= n;
      if (!buffer.isWritable()) {
        sendChunk();
      }
    }
  }

  /** Sends what is left and ends the response; the connection closes once it is sent. */
  @Override
  public void close() {
    if (finished) {
      return;
    }
    finished = true;
    ChannelFuture last;
    if (headSent) {
      last = channel.writeAndFlush(new DefaultLastHttpContent(buffer));
    } else {
      FullHttpResponse whole = new DefaultFullHttpResponse(head.protocolVersion(), head.status(), buffer,
          head.headers(), EmptyHttpHeaders.INSTANCE);
      whole.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, buffer.readableBytes());
      last = channel.writeAndFlush(whole);
    }
    buffer = null;
    last.addListener(ChannelFutureListener.CLOSE);
  }

  /** Gives up: frees what is unsent and, if the answer had started, drops the connection (the body is cut). */
  void abandon() {
    if (finished) {
      return;
    }
    finished = true;
    buffer.release();
    buffer = null;
    if (headSent) {
      channel.close();
    }
  }

  private void sendChunk() {
    if (!channel.isActive()) {
      throw new ClientGone("the client closed the connection");
    }
    if (!headSent) {
      HttpUtil.setTransferEncodingChunked(head, true);
      channel.write(head);
      headSent = true;
    }
    lastWrite = channel.writeAndFlush(new DefaultHttpContent(buffer));
    buffer = channel.alloc().buffer(CHUNK_BYTES);
    if (!channel.isWritable()) {
      awaitClient();
    }
  }

  private void awaitClient() {
    try {
      if (!lastWrite.await(STALLED_CLIENT_SECONDS, TimeUnit.SECONDS)) {
        channel.close();
        throw new ClientGone("the client read nothing for " + STALLED_CLIENT_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ClientGone("interrupted while the client was reading (the info port is closing)");
    }
    if (!lastWrite.isSuccess()) {
      throw new ClientGone("the answer could not be sent: " + lastWrite.cause());
    }
  }

  /**
   * The client is gone or stalled. Unchecked, so that it passes through the writers above this stream (a {@code
   * PrintWriter} would swallow an IOException and let the rest of a large body be rendered for nobody).
   */
  static final class ClientGone extends RuntimeException {
    ClientGone(String message) {
      super(message);
    }
  }
}
