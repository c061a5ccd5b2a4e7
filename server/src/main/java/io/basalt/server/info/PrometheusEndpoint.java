package io.basalt.server.info;

import io.basalt.server.metrics.MetricsBeans;
import io.basalt.server.metrics.PrometheusText;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpRequest;
import java.util.List;
import java.util.Map;

/**
 * {@code /prometheus}: the server's metrics records in HBase 2.6's Prometheus text ({@link PrometheusText}); {@code
 * ?qry=<text>} keeps the samples whose name contains the text. HBase's {@code ?description=true} adds a line for each
 * metric with a description, and Basalt's records have none, so it changes nothing.
 */
final class PrometheusEndpoint {
  private static final String CONTENT_TYPE = "text/plain;charset=utf-8";

  private final MetricsBeans metrics;
  private final StreamedAnswers answers;
  private PrometheusText text;

  PrometheusEndpoint(MetricsBeans metrics, StreamedAnswers answers) {
    this.metrics = metrics;
    this.answers = answers;
  }

  void handle(ChannelHandlerContext ctx, HttpRequest request, Map<String, List<String>> parameters) {
    List<String> qry = parameters.get("qry");
    String contains = qry == null || qry.isEmpty() ? null : qry.get(0);
    PrometheusText renderer = text();
    answers.answer(ctx, request, CONTENT_TYPE, out -> renderer.write(metrics.records(), contains, out));
  }

  /** Made by the first scrape; it keeps the names it converted from one scrape to the next. */
  private synchronized PrometheusText text() {
    if (text == null) {
      text = new PrometheusText();
    }
    return text;
  }
}
