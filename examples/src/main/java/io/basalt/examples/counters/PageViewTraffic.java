package io.basalt.examples.counters;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Invents a week of visits to a small shop's pages, a few pages far more visited than the rest, split between
 * several web servers that count them at the same time. The same seed always gives the same visits.
 */
public final class PageViewTraffic {
  public static final List<String> PAGES = List.of("/", "/products", "/products/anvil", "/products/rope",
      "/products/rocket-skates", "/products/magnet", "/products/bird-seed", "/cart", "/checkout", "/about",
      "/help", "/help/returns");
  public static final List<String> DAYS =
      List.of("20240318", "20240319", "20240320", "20240321", "20240322", "20240323", "20240324");

  private final long seed;
  private final int servers;
  private final int views;

  public PageViewTraffic(long seed, int servers, int views) {
    this.seed = seed;
    this.servers = servers;
    this.views = views;
  }

  public int servers() {
    return servers;
  }

  /** The visits one web server counts; together the servers count {@code views} visits. */
  public List<PageView> viewsOf(int server) {
    Random random = new Random(seed + server);
    int count = views / servers + (server < views % servers ? 1 : 0);
    List<PageView> served = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      // The square of a uniform number favours the first pages of the list.
      double skewed = random.nextDouble() * random.nextDouble();
      served.add(new PageView(PAGES.get((int) (skewed * PAGES.size())), DAYS.get(random.nextInt(DAYS.size()))));
    }
    return served;
  }
}
