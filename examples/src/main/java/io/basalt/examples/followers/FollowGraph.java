package io.basalt.examples.followers;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Invents users and who follows whom. Popularity is skewed as on real networks: a few users are followed by many,
 * most by a handful. The same seed always gives the same graph.
 */
public final class FollowGraph {
  private static final List<String> FIRST_NAMES = List.of("ada", "ben", "cleo", "dev", "eli", "fay", "gus", "hana",
      "ivo", "jun", "kai", "lea", "milo", "nia", "omar", "pia", "quin", "rosa", "sami", "tao", "uma", "vik", "wren",
      "xia", "yara", "zane");
  private static final List<String> LAST_NAMES = List.of("abe", "berg", "chen", "diaz", "ek", "fox", "gray", "hill",
      "ito", "jones", "kim", "lund", "moss", "ng", "ortiz", "park", "quist", "reyes", "silva", "tran", "ueda", "voss",
      "wu", "xu", "young", "zhou");
  private static final List<String> CITIES = List.of("Lisbon", "Osaka", "Austin", "Nairobi", "Oslo", "Lima",
      "Hanoi", "Perth", "Quebec", "Tbilisi");
  private static final int MEAN_FOLLOWING = 8;

  private final List<User> users;
  private final List<Follow> follows;

  public FollowGraph(long seed, int userCount) {
    Random random = new Random(seed);
    this.users = List.copyOf(generateUsers(random, userCount));
    this.follows = List.copyOf(generateFollows(random));
  }

  public List<User> users() {
    return users;
  }

  public List<Follow> follows() {
    return follows;
  }

  /** How many users follow each user. */
  public Map<String, Integer> followerCounts() {
    Map<String, Integer> counts = new HashMap<>();
    follows.forEach(follow -> counts.merge(follow.followee(), 1, Integer::sum));
    return counts;
  }

  /** How many users each user follows. */
  public Map<String, Integer> followingCounts() {
    Map<String, Integer> counts = new HashMap<>();
    follows.forEach(follow -> counts.merge(follow.follower(), 1, Integer::sum));
    return counts;
  }

  private static List<User> generateUsers(Random random, int count) {
    List<User> generated = new ArrayList<>(count);
    Map<String, Integer> taken = new HashMap<>();
    for (int i = 0; i < count; i++) {
      String first = FIRST_NAMES.get(random.nextInt(FIRST_NAMES.size()));
      String last = LAST_NAMES.get(random.nextInt(LAST_NAMES.size()));
      String handle = first + "_" + last;
      int seen = taken.merge(handle, 1, Integer::sum);
      if (seen > 1) {
        handle += seen; // ada_berg, ada_berg2, ...
      }
      String name = capitalized(first) + " " + capitalized(last);
      generated.add(new User(handle, name, CITIES.get(random.nextInt(CITIES.size())), random.nextInt(500)));
    }
    return generated;
  }

  private List<Follow> generateFollows(Random random) {
    // Popularity falls with rank (the most popular are followed by about a tenth of all users); ranks are shuffled
    // so that popular users are spread through the alphabet.
    List<User> byRank = new ArrayList<>(users);
    Collections.shuffle(byRank, random);
    double[] cumulativeWeight = new double[byRank.size()];
    double sum = 0;
    for (int rank = 0; rank < byRank.size(); rank++) {
      sum += 1.0 / (rank + 10);
      cumulativeWeight[rank] = sum;
    }
    List<Follow> generated = new ArrayList<>();
    for (User follower : users) {
      int wanted = Math.min(users.size() - 1, 1 + random.nextInt(2 * MEAN_FOLLOWING));
      Set<String> followees = new HashSet<>();
      while (followees.size() < wanted) {
        User followee = byRank.get(pick(cumulativeWeight, random.nextDouble() * sum));
        if (!followee.handle().equals(follower.handle()) && followees.add(followee.handle())) {
          String since = String.format(Locale.ROOT, "%04d%02d%02d", 2019 + random.nextInt(6), 1 + random.nextInt(12),
              1 + random.nextInt(28));
          generated.add(new Follow(follower.handle(), followee.handle(), since));
        }
      }
    }
    return generated;
  }

  /** The first rank whose cumulative weight reaches {@code target}. */
  private static int pick(double[] cumulativeWeight, double target) {
    int low = 0;
    int high = cumulativeWeight.length - 1;
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (cumulativeWeight[middle] < target) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  private static String capitalized(String word) {
    return Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }
}
