package io.basalt.server.info;

import io.basalt.server.metrics.JmxJson;
import io.basalt.server.metrics.JmxQuery;
import io.basalt.server.metrics.MetricsBeans;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;
import java.util.Map;

/**
 * {@code /jmx}: the server's metrics beans and the JVM's own as HBase's JMX servlet shows them (see {@link JmxJson}
 * for the body and the query parameters). The beans are read on a rendering thread, so HBase's JSON writer and JMX
 * are loaded by the first request, not by the server's start.
 */
final class JmxEndpoint {
  private final MetricsBeans metrics;
  private final StreamedAnswers answers;

  JmxEndpoint(MetricsBeans metrics, StreamedAnswers answers) {
    this.metrics = metrics;
    this.answers = answers;
  }

  void handle(ChannelHandlerContext ctx, HttpRequest request, Map<String, List<String>> parameters) {
    JmxQuery query = JmxQuery.of(parameters);
    if (!query.callbackIsValid()) {
      // HBase's servlet refuses such a callback with an error before it writes anything: status 500.
      ctx.writeAndFlush(HBaseHeaders.text(HttpResponseStatus.INTERNAL_SERVER_ERROR,
          "'callback' must be alphanumeric\n")).addListener(ChannelFutureListener.CLOSE);
      return;
    }
    answers.answer(ctx, request, query.contentType(), out -> JmxJson.write(metrics.view(), query, out));
  }
}
