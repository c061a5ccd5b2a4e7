package io.basalt.server.info;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.Date;

/**
 * The headers HBase 2.6.4's info server sends with {@code /jmx} and {@code /prometheus}: no caching ({@code
 * Cache-Control}, {@code Pragma}, an {@code Expires} of now), the browser protections ({@code X-Frame-Options: DENY},
 * {@code X-Content-Type-Options: nosniff}, {@code X-XSS-Protection: 1; mode=block}) and {@code Vary: Accept-Encoding,
 * User-Agent}, which its gzip support adds and which holds here too (see {@link StreamedAnswers}). The status pages
 * carry them too. Each answer closes its connection, as the info port's other answers do, and says so.
 */
final class HBaseHeaders {
  private HBaseHeaders() {}

  /** A response's status line and headers; its body follows separately. */
  static HttpResponse head(HttpResponseStatus status, String contentType) {
    HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, status);
    apply(response.headers(), contentType);
    return response;
  }

  /** A whole response with a short text body. */
  static FullHttpResponse text(HttpResponseStatus status, String body) {
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
        Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
    apply(response.headers(), "text/plain;charset=utf-8");
    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
    return response;
  }

  private static void apply(HttpHeaders headers, String contentType) {
    String now = DateFormatter.format(new Date());
    headers.set(HttpHeaderNames.DATE, now)
        .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
        .set(HttpHeaderNames.EXPIRES, now)
        .set(HttpHeaderNames.PRAGMA, HttpHeaderValues.NO_CACHE)
        .set(HttpHeaderNames.CONTENT_TYPE, contentType)
        .set(HttpHeaderNames.X_FRAME_OPTIONS, "DENY")
        .set("X-Content-Type-Options", "nosniff")
        .set("X-XSS-Protection", "1; mode=block")
        .set(HttpHeaderNames.VARY, "Accept-Encoding, User-Agent")
        .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
  }
}
