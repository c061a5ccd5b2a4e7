package io.basalt.examples.webtable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * Invents a small web: pages spread over the hosts of a few domains, the links between them, and what each page
 * says at each crawl. The same seed always gives the same web.
 */
public final class WebGenerator {
  private static final List<String> HOSTS = List.of(
      "www.cnn.com", "edition.cnn.com", "money.cnn.com", "sports.cnn.com",
      "www.bbc.co.uk", "news.bbc.co.uk",
      "en.wikipedia.org", "de.wikipedia.org", "fr.wikipedia.org", "ja.wikipedia.org",
      "www.nasa.gov", "climate.nasa.gov",
      "www.example.com", "shop.example.com", "blog.example.com");
  private static final List<String> SECTIONS = List.of("world", "science", "sport", "travel", "weather", "tech");
  private static final List<String> WORDS = List.of("storm", "launch", "market", "league", "orbit", "election",
      "harbour", "glacier", "festival", "recipe", "rover", "summit", "tide", "archive", "signal", "comet");
  private static final int LINKS_PER_PAGE = 4;

  private final List<WebPage> pages;
  private final List<Link> links;
  private final long seed;

  /** {@code pageCount} pages (at least one per host; every host's first page is its home page). */
  public WebGenerator(long seed, int pageCount) {
    this.seed = seed;
    Random random = new Random(seed);
    List<WebPage> generated = new ArrayList<>();
    for (int i = 0; i < Math.max(pageCount, HOSTS.size()); i++) {
      String host = HOSTS.get(i % HOSTS.size());
      String path = i < HOSTS.size() ? "/index.html"
          : String.format(Locale.ROOT, "/%s/article-%05d.html", SECTIONS.get(random.nextInt(SECTIONS.size())), i);
      String title = i < HOSTS.size() ? host + " home" : words(random, 3);
      generated.add(new WebPage(host, path, title, language(host)));
    }
    this.pages = List.copyOf(generated);
    this.links = List.copyOf(generateLinks(random));
  }

  public List<WebPage> pages() {
    return pages;
  }

  /** Links between pages on different hosts; a host links to a page at most once. */
  public List<Link> links() {
    return links;
  }

  public static String homePageUrl(String host) {
    return "http://" + host + "/index.html";
  }

  /** What the page says at the given crawl (1, 2, ...): it changes a little every time. */
  public String html(WebPage page, int crawl) {
    Random random = new Random(seed ^ page.url().hashCode() * 31L + crawl);
    StringBuilder body = new StringBuilder();
    for (int paragraph = 0; paragraph < 8; paragraph++) {
      body.append("<p>").append(words(random, 16)).append("</p>");
    }
    return "<html><head><title>" + page.title() + "</title></head><body><h1>" + page.title() + "</h1>"
        + "<p>crawl " + crawl + "</p>" + body + "</body></html>";
  }

  private List<Link> generateLinks(Random random) {
    List<Link> generated = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (WebPage from : pages) {
      for (int i = 0; i < LINKS_PER_PAGE; i++) {
        // Home pages draw a good share of all links, as they do on the real web.
        WebPage to = random.nextInt(3) == 0 ? pages.get(random.nextInt(HOSTS.size()))
            : pages.get(random.nextInt(pages.size()));
        if (!to.host().equals(from.host()) && seen.add(from.host() + " " + to.url())) {
          generated.add(new Link(from.host(), to, random.nextBoolean() ? to.title() : words(random, 2)));
        }
      }
    }
    return generated;
  }

  private static String language(String host) {
    String first = host.substring(0, host.indexOf('.'));
    return host.endsWith("wikipedia.org") ? first : "en";
  }

  private static String words(Random random, int count) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      text.append(i == 0 ? "" : " ").append(WORDS.get(random.nextInt(WORDS.size())));
    }
    return text.toString();
  }
}
