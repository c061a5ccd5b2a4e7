package io.basalt.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.basalt.examples.webtable.Link;
import io.basalt.examples.webtable.WebGenerator;
import io.basalt.examples.webtable.WebPage;
import io.basalt.examples.webtable.WebtableExample.PageVersion;
import io.basalt.examples.webtable.WebtableExample;
import io.basalt.examples.webtable.WebtableSchema;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(BasaltConnectionResolver.class)
class WebtableExampleTest {
  private static final int PAGES = 150;

  @Test
  void domainScanVersionsAndAnchorsMatchTheCrawl(Connection connection) throws Exception {
    WebtableExample.Results results = new WebtableExample(connection, System.out).run(PAGES);
    WebGenerator web = new WebGenerator(WebtableExample.SEED, PAGES);

    List<String> domainRows = web.pages().stream()
        .filter(page -> page.host().endsWith("." + WebtableExample.DOMAIN_ASKED))
        .map(WebtableSchema::rowKey)
        .sorted()
        .toList();
    assertEquals(domainRows, results.domainRows(), "every page of the domain and nothing else");

    WebPage home = web.pages().stream().filter(page -> page.url().equals(WebtableExample.PAGE_ASKED)).findFirst()
        .orElseThrow();
    List<PageVersion> newestThree = List.of(
        new PageVersion(WebtableExample.crawlTimestamp(5), web.html(home, 5)),
        new PageVersion(WebtableExample.crawlTimestamp(4), web.html(home, 4)),
        new PageVersion(WebtableExample.crawlTimestamp(3), web.html(home, 3)));
    assertEquals(newestThree, results.history(), "five crawls written, the family keeps the newest three");

    Map<String, String> anchors = new TreeMap<>();
    for (Link link : web.links()) {
      if (link.to().url().equals(WebtableExample.PAGE_ASKED)) {
        anchors.put(link.fromHost(), link.text());
      }
    }
    assertFalse(anchors.isEmpty(), "the home page is linked to");
    assertEquals(anchors, results.anchors(), "one anchor column per linking site");
  }
}
