package io.basalt.examples.followers;

import static io.basalt.examples.followers.FollowersSchema.CITY;
import static io.basalt.examples.followers.FollowersSchema.FOLLOW;
import static io.basalt.examples.followers.FollowersSchema.FOLLOWED_BY;
import static io.basalt.examples.followers.FollowersSchema.FOLLOWERS;
import static io.basalt.examples.followers.FollowersSchema.FOLLOWING;
import static io.basalt.examples.followers.FollowersSchema.FOLLOWS;
import static io.basalt.examples.followers.FollowersSchema.INFO;
import static io.basalt.examples.followers.FollowersSchema.NAME;
import static io.basalt.examples.followers.FollowersSchema.POSTS;
import static io.basalt.examples.followers.FollowersSchema.SINCE;
import static io.basalt.examples.followers.FollowersSchema.STATS;
import static io.basalt.examples.followers.FollowersSchema.USERS;

import io.basalt.examples.common.ExampleOptions;
import io.basalt.examples.common.MeasuredQuery;
import io.basalt.examples.common.ProgressBar;
import io.basalt.examples.common.Stopwatch;
import io.basalt.examples.common.Tables;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.RegexStringComparator;
import org.apache.hadoop.hbase.filter.RowFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Lessons: sparse relationships belong in a narrow table, one row per pair; dense per-entity data in a wide table;
 * and a question about the second half of a key needs its own table keyed the other way round.
 *
 * <p>The example loads users into {@code users} and who follows whom into {@code follows} and {@code followed_by},
 * then asks whom a user follows (a prefix scan of {@code follows}) and who follows the most-followed user (a prefix
 * scan of {@code followed_by}, against a filtered full scan of {@code follows}). Finally a user follows someone
 * live: the follow is recorded once with a check-and-mutate, and the counters move with increments.
 *
 * <p>Arguments: {@code [users [zookeeper-host[:port]]]}, default 5,000 users.
 */
public final class FollowersExample {
  public static final int DEFAULT_USERS = 5_000;
  public static final long SEED = 2009L;
  public static final String TODAY = "20240321";

  private static final int HANDLES_SHOWN = 8;

  private final Connection connection;
  private final PrintStream out;

  public FollowersExample(Connection connection, PrintStream out) {
    this.connection = connection;
    this.out = out;
  }

  public static void main(String[] args) throws IOException {
    ExampleOptions options = ExampleOptions.parse(args, DEFAULT_USERS);
    System.out.println("Followers example against Basalt at " + options.target());
    try (Connection connection = ConnectionFactory.createConnection(options.configuration())) {
      new FollowersExample(connection, System.out).run(options.size());
    }
  }

  /** A user's row of the wide table: both families. */
  public record Profile(String handle, String name, String city, long followers, long following, long posts) {}

  /** What the example found, for checking. */
  public record Results(String user, List<String> following, String mostFollowed,
      MeasuredQuery<List<String>> followersByReverseTable, MeasuredQuery<List<String>> followersByFilteredScan,
      Profile before, boolean followRecorded, boolean repeatedFollowRecorded, Profile after) {}

  public Results run(int userCount) throws IOException {
    Stopwatch total = Stopwatch.start();
    FollowGraph graph = new FollowGraph(SEED, userCount);
    createTables();
    load(graph);

    String user = graph.users().get(0).handle();
    Stopwatch followingScan = Stopwatch.start();
    List<String> following = following(user);
    out.printf(Locale.ROOT, "%nWhom does %s follow? One prefix scan of %s from %s: %d users in %s:%n  %s%n", user,
        FOLLOWS, Bytes.toString(FollowersSchema.prefixOf(user)), following.size(), followingScan,
        shortList(following));

    String mostFollowed = graph.followerCounts().entrySet().stream()
        .max(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
        .orElseThrow().getKey();
    MeasuredQuery<List<String>> byReverseTable;
    MeasuredQuery<List<String>> byFilteredScan;
    try (Admin admin = connection.getAdmin()) {
      byReverseTable = MeasuredQuery.measure(admin, FOLLOWED_BY, () -> followers(mostFollowed));
      byFilteredScan = MeasuredQuery.measure(admin, FOLLOWS, () -> followersByFilteredScan(mostFollowed));
    }
    printFollowers(mostFollowed, byReverseTable, byFilteredScan, graph.follows().size());

    Profile before = profile(mostFollowed);
    String newFollower = graph.users().stream().map(User::handle)
        .filter(handle -> !handle.equals(mostFollowed) && !byReverseTable.answer().contains(handle))
        .findFirst().orElseThrow();
    boolean recorded = follow(newFollower, mostFollowed, TODAY);
    boolean recordedAgain = follow(newFollower, mostFollowed, TODAY);
    Profile after = profile(mostFollowed);
    printFollow(newFollower, before, recorded, recordedAgain, after);

    out.println("\nFollowers example done in " + total);
    return new Results(user, following, mostFollowed, byReverseTable, byFilteredScan, before, recorded,
        recordedAgain, after);
  }

  private void createTables() throws IOException {
    try (Admin admin = connection.getAdmin()) {
      Tables.recreate(admin, FollowersSchema.usersDescriptor());
      Tables.recreate(admin, FollowersSchema.followDescriptor(FOLLOWS));
      Tables.recreate(admin, FollowersSchema.followDescriptor(FOLLOWED_BY));
    }
  }

  /** Profiles with their counters, then every follow twice: once in each direction. */
  private void load(FollowGraph graph) throws IOException {
    Stopwatch loading = Stopwatch.start();
    Map<String, Integer> followers = graph.followerCounts();
    Map<String, Integer> following = graph.followingCounts();
    try (BufferedMutator users = connection.getBufferedMutator(USERS);
        BufferedMutator follows = connection.getBufferedMutator(FOLLOWS);
        BufferedMutator followedBy = connection.getBufferedMutator(FOLLOWED_BY);
        ProgressBar progress = new ProgressBar("loading users and follows",
            graph.users().size() + graph.follows().size())) {
      for (User user : graph.users()) {
        // Counters are 8-byte longs, the encoding Increment works on.
        users.mutate(new Put(Bytes.toBytes(user.handle()))
            .addColumn(INFO, NAME, Bytes.toBytes(user.name()))
            .addColumn(INFO, CITY, Bytes.toBytes(user.city()))
            .addColumn(STATS, FOLLOWERS, Bytes.toBytes((long) followers.getOrDefault(user.handle(), 0)))
            .addColumn(STATS, FOLLOWING, Bytes.toBytes((long) following.getOrDefault(user.handle(), 0)))
            .addColumn(STATS, POSTS, Bytes.toBytes((long) user.posts())));
        progress.advance();
      }
      for (Follow follow : graph.follows()) {
        byte[] since = Bytes.toBytes(follow.since());
        follows.mutate(new Put(FollowersSchema.pairKey(follow.follower(), follow.followee()))
            .addColumn(FOLLOW, SINCE, since));
        followedBy.mutate(new Put(FollowersSchema.pairKey(follow.followee(), follow.follower()))
            .addColumn(FOLLOW, SINCE, since));
        progress.advance();
      }
    }
    out.printf(Locale.ROOT, "Loaded %,d users into %s and %,d follows into %s and %s in %s%n", graph.users().size(),
        USERS, graph.follows().size(), FOLLOWS, FOLLOWED_BY, loading);
  }

  /** Whom a user follows: the rows of {@code follows} that start with the user. */
  public List<String> following(String handle) throws IOException {
    return secondHalvesOfPrefix(FOLLOWS, handle);
  }

  /** Who follows a user: the rows of {@code followed_by} that start with the user. */
  public List<String> followers(String handle) throws IOException {
    return secondHalvesOfPrefix(FOLLOWED_BY, handle);
  }

  private List<String> secondHalvesOfPrefix(TableName tableName, String handle) throws IOException {
    Scan scan = new Scan().setStartStopRowForPrefixScan(FollowersSchema.prefixOf(handle));
    List<String> handles = new ArrayList<>();
    try (Table table = connection.getTable(tableName);
        ResultScanner scanner = table.getScanner(scan)) {
      for (Result row : scanner) {
        handles.add(FollowersSchema.secondOf(row.getRow()));
      }
    }
    return handles;
  }

  /**
   * Who follows a user, asked of {@code follows} alone: the user is the second half of the key, which orders
   * nothing, so every row is read and matched against {@code #handle} at its end.
   */
  public List<String> followersByFilteredScan(String handle) throws IOException {
    RowFilter endsWithHandle = new RowFilter(CompareOperator.EQUAL,
        new RegexStringComparator(Pattern.quote(FollowersSchema.SEPARATOR + handle) + "$"));
    List<String> handles = new ArrayList<>();
    try (Table table = connection.getTable(FOLLOWS);
        ResultScanner scanner = table.getScanner(new Scan().setFilter(endsWithHandle))) {
      for (Result row : scanner) {
        String key = Bytes.toString(row.getRow());
        handles.add(key.substring(0, key.indexOf(FollowersSchema.SEPARATOR)));
      }
    }
    return handles;
  }

  public Profile profile(String handle) throws IOException {
    try (Table users = connection.getTable(USERS)) {
      Result row = users.get(new Get(Bytes.toBytes(handle)));
      return new Profile(handle, Bytes.toString(row.getValue(INFO, NAME)), Bytes.toString(row.getValue(INFO, CITY)),
          Bytes.toLong(row.getValue(STATS, FOLLOWERS)), Bytes.toLong(row.getValue(STATS, FOLLOWING)),
          Bytes.toLong(row.getValue(STATS, POSTS)));
    }
  }

  /**
   * Records that {@code follower} follows {@code followee}, unless it already does; returns whether it did. The
   * check and the put are one atomic step on the {@code follows} row, so a double click cannot count twice. The
   * other rows change afterwards: rows are atomic one at a time, not together.
   */
  public boolean follow(String follower, String followee, String since) throws IOException {
    byte[] followsRow = FollowersSchema.pairKey(follower, followee);
    CheckAndMutate onlyTheFirstTime = CheckAndMutate.newBuilder(followsRow)
        .ifNotExists(FOLLOW, SINCE)
        .build(new Put(followsRow).addColumn(FOLLOW, SINCE, Bytes.toBytes(since)));
    try (Table follows = connection.getTable(FOLLOWS);
        Table followedBy = connection.getTable(FOLLOWED_BY);
        Table users = connection.getTable(USERS)) {
      if (!follows.checkAndMutate(onlyTheFirstTime).isSuccess()) {
        return false;
      }
      followedBy.put(new Put(FollowersSchema.pairKey(followee, follower)).addColumn(FOLLOW, SINCE,
          Bytes.toBytes(since)));
      users.increment(new Increment(Bytes.toBytes(follower)).addColumn(STATS, FOLLOWING, 1));
      users.increment(new Increment(Bytes.toBytes(followee)).addColumn(STATS, FOLLOWERS, 1));
      return true;
    }
  }

  private void printFollowers(String handle, MeasuredQuery<List<String>> byReverseTable,
      MeasuredQuery<List<String>> byFilteredScan, int followCount) {
    out.printf(Locale.ROOT, "%nWho follows %s, the most-followed user?%n", handle);
    out.printf(Locale.ROOT, "  1) %s, one prefix scan of %s: %,d users in %d ms; the server read %,d rows%n",
        FOLLOWED_BY, Bytes.toString(FollowersSchema.prefixOf(handle)), byReverseTable.answer().size(),
        byReverseTable.millis(), byReverseTable.rowsRead());
    out.printf(Locale.ROOT, "  2) %s, full scan with a row filter on ...#%s: %,d users in %d ms; the server read "
        + "%,d rows (all %,d follows)%n", FOLLOWS, handle, byFilteredScan.answer().size(), byFilteredScan.millis(),
        byFilteredScan.rowsRead(), followCount);
    out.printf(Locale.ROOT, "  Same users: %s. Writing each follow twice, once per direction, turns both questions "
        + "into one short scan.%n  %s%n", byReverseTable.answer().equals(byFilteredScan.answer()) ? "yes" : "NO",
        shortList(byReverseTable.answer()));
  }

  private void printFollow(String follower, Profile before, boolean recorded, boolean recordedAgain, Profile after) {
    out.printf(Locale.ROOT, "%nProfile of %s from the wide %s table: %s of %s, %,d followers, follows %,d, "
        + "%,d posts%n", before.handle(), USERS, before.name(), before.city(), before.followers(), before.following(),
        before.posts());
    out.printf(Locale.ROOT, "%s follows %s: %s; clicking again: %s. %s now has %,d followers.%n", follower,
        before.handle(), recorded ? "recorded" : "NOT recorded",
        recordedAgain ? "recorded AGAIN" : "already following, nothing written", after.handle(), after.followers());
  }

  private static String shortList(List<String> handles) {
    String shown = String.join(", ", handles.subList(0, Math.min(HANDLES_SHOWN, handles.size())));
    return handles.size() > HANDLES_SHOWN ? shown + ", ... (" + (handles.size() - HANDLES_SHOWN) + " more)" : shown;
  }
}
