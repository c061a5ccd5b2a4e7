package io.basalt.server.info;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.zip.GZIPOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers whose bodies are rendered from the server's metrics ({@code /jmx}, {@code /prometheus}) or state (the
 * status pages): rendered on threads of their own, never the info port's event loop (reading ten thousand regions'
 * metrics takes a while, and the port must go on answering {@code /status}), and streamed to the client as they are
 * rendered ({@link ResponseStream}). HEAD answers the headers alone; a client that accepts gzip gets the body
 * compressed, as HBase's info server (Jetty's gzip handler) does for Prometheus, which always asks: a scrape's text
 * shrinks about tenfold, and the compressing happens on the rendering thread too.
 */
final class StreamedAnswers implements AutoCloseable {
  /** What renders a body: written to {@code out}, which is closed afterwards. */
  interface Body {
    void writeTo(Writer out) throws IOException;
  }

  private static final Logger LOG = LoggerFactory.getLogger(StreamedAnswers.class);
  /**
   * Two, so that one client that reads slowly (its thread waits for it, up to a minute) does not hold up a scrape;
   * more would only share the same CPUs. Answers beyond the queue are refused with 503.
   */
  private static final int THREADS = 2;
  private static final int QUEUED = 16;

  private ThreadPoolExecutor threads;
  private boolean closed;

  /** Answers {@code request} (GET or HEAD) with status 200, {@code contentType} and the body {@code body} writes. */
  void answer(ChannelHandlerContext ctx, HttpRequest request, String contentType, Body body) {
    if (HttpMethod.HEAD.equals(request.method())) {
      ctx.write(HBaseHeaders.head(HttpResponseStatus.OK, contentType));
      ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
      return;
    }
    boolean gzip = acceptsGzip(request.headers().get(HttpHeaderNames.ACCEPT_ENCODING));
    Channel channel = ctx.channel();
    try {
      executor().execute(() -> render(channel, contentType, gzip, body));
    } catch (RejectedExecutionException e) {
      refuse(ctx);
    }
  }

  private static void refuse(ChannelHandlerContext ctx) {
    ctx.writeAndFlush(HBaseHeaders.text(HttpResponseStatus.SERVICE_UNAVAILABLE,
        "too many requests at once; try again\n")).addListener(ChannelFutureListener.CLOSE);
  }

  /**
   * Answers {@code request} (GET or HEAD) with the page {@code page} renders whole on a rendering thread: its status
   * and headers, and for a GET its body.
   */
  void answerWhole(ChannelHandlerContext ctx, HttpRequest request, Supplier<WebPages.Page> page) {
    boolean head = HttpMethod.HEAD.equals(request.method());
    boolean gzip = acceptsGzip(request.headers().get(HttpHeaderNames.ACCEPT_ENCODING));
    Channel channel = ctx.channel();
    try {
      executor().execute(() -> {
        WebPages.Page answer;
        try {
          answer = page.get();
        } catch (RuntimeException | LinkageError e) {
          LOG.error("Could not render a page", e);
          channel.writeAndFlush(HBaseHeaders.text(HttpResponseStatus.INTERNAL_SERVER_ERROR,
              "could not render the page; the server's log says why\n")).addListener(ChannelFutureListener.CLOSE);
          return;
        }
        HttpResponse response = HBaseHeaders.head(HttpResponseStatus.valueOf(answer.status()), answer.contentType());
        answer.headers().forEach((name, value) -> response.headers().set(name, value));
        if (head) {
          channel.write(response);
          channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
        } else {
          stream(channel, response, gzip, out -> out.write(answer.body()));
        }
      });
    } catch (RejectedExecutionException e) {
      refuse(ctx);
    }
  }

  /** What writes a body's bytes. */
  private interface Bytes {
    void writeTo(OutputStream out) throws IOException;
  }

  private static void render(Channel channel, String contentType, boolean gzip, Body body) {
    stream(channel, HBaseHeaders.head(HttpResponseStatus.OK, contentType), gzip, out -> {
      Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
      body.writeTo(writer);
      writer.flush();
    });
  }

  private static void stream(Channel channel, HttpResponse head, boolean gzip, Bytes body) {
    if (gzip) {
      head.headers().set(HttpHeaderNames.CONTENT_ENCODING, HttpHeaderValues.GZIP);
    }
    ResponseStream stream = new ResponseStream(channel, head);
    try {
      OutputStream out = gzip ? new GZIPOutputStream(stream, ResponseStream.CHUNK_BYTES) : stream;
      body.writeTo(out);
      out.close(); // only once the body is whole: closing ends the response as complete
    } catch (ResponseStream.ClientGone e) {
      LOG.debug("An answer was cut short: {}", e.getMessage());
      stream.abandon();
    } catch (IOException | RuntimeException | LinkageError e) {
      LOG.warn("Could not render an answer", e);
      boolean started = stream.started();
      stream.abandon();
      if (!started) {
        channel.writeAndFlush(HBaseHeaders.text(HttpResponseStatus.INTERNAL_SERVER_ERROR,
            "could not render the answer; the server's log says why\n")).addListener(ChannelFutureListener.CLOSE);
      }
    }
  }

  /** Whether {@code Accept-Encoding} accepts gzip (listed, and not with {@code q=0}). */
  static boolean acceptsGzip(String acceptEncoding) {
    if (acceptEncoding == null) {
      return false;
    }
    for (String coding : acceptEncoding.split(",")) {
      String[] parts = coding.split(";");
      if (!parts[0].trim().equalsIgnoreCase("gzip")) {
        continue;
      }
      for (int i = 1; i < parts.length; i++) {
        String parameter = parts[i].trim();
        if (parameter.startsWith("q=")) {
          try {
            return Double.parseDouble(parameter.substring(2)) > 0;
          } catch (NumberFormatException e) {
            return false; // a weight that is not a number accepts nothing
          }
        }
      }
      return true;
    }
    return false;
  }

  /** The rendering threads, made on the first answer: a server nobody scrapes has none. */
  private synchronized ThreadPoolExecutor executor() {
    if (closed) {
      throw new RejectedExecutionException("the info port is closing");
    }
    if (threads == null) {
      threads = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUED),
          task -> {
            Thread thread = new Thread(task, "info-render");
            thread.setDaemon(true);
            return thread;
          });
      threads.allowCoreThreadTimeOut(true);
    }
    return threads;
  }

  /** Stops rendering: answers under way are cut (their threads are interrupted while they wait for a client). */
  @Override
  public synchronized void close() {
    closed = true;
    if (threads != null) {
      threads.shutdownNow();
    }
  }
}
