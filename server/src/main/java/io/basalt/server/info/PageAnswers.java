package io.basalt.server.info;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Hands requests for pages to the {@link WebPages} the server attaches once it is up. The pages are made on the
 * first request for one, on a rendering thread: a server nobody browses loads none of their classes, and the start
 * (well under a second) pays nothing for them.
 */
final class PageAnswers {
  private final StreamedAnswers answers;
  private volatile Supplier<? extends WebPages> factory;
  private WebPages pages;

  PageAnswers(StreamedAnswers answers) {
    this.answers = answers;
  }

  void attach(Supplier<? extends WebPages> pages) {
    this.factory = pages;
  }

  void handle(ChannelHandlerContext ctx, HttpRequest request, String path, Map<String, List<String>> parameters) {
    answer(ctx, request, () -> pages().answer(path, parameters));
  }

  /** Answers a request that cannot be read (a malformed escape) with the pages' 400 page, saying {@code why}. */
  void refuse(ChannelHandlerContext ctx, HttpRequest request, String why) {
    answer(ctx, request, () -> pages().badRequest(why));
  }

  private void answer(ChannelHandlerContext ctx, HttpRequest request, Supplier<WebPages.Page> page) {
    HttpMethod method = request.method();
    if (!HttpMethod.GET.equals(method) && !HttpMethod.HEAD.equals(method)) {
      FullHttpResponse refusal = HBaseHeaders.text(HttpResponseStatus.METHOD_NOT_ALLOWED,
          "only GET and HEAD are served\n");
      refusal.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
      ctx.writeAndFlush(refusal).addListener(ChannelFutureListener.CLOSE);
    } else if (factory == null) {
      ctx.writeAndFlush(HBaseHeaders.text(HttpResponseStatus.SERVICE_UNAVAILABLE,
          "the server is starting; try again\n")).addListener(ChannelFutureListener.CLOSE);
    } else {
      answers.answerWhole(ctx, request, page);
    }
  }

  private synchronized WebPages pages() {
    if (pages == null) {
      pages = factory.get();
    }
    return pages;
  }
}
