package io.basalt.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.examples.followers.Follow;
import io.basalt.examples.followers.FollowGraph;
import io.basalt.examples.followers.FollowersExample;
import java.util.List;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(BasaltConnectionResolver.class)
class FollowersExampleTest {
  private static final int USERS = 200;

  @Test
  void bothDirectionsOfTheFollowGraphAreOneScanAndAFollowCountsOnce(Connection connection) throws Exception {
    FollowersExample.Results results = new FollowersExample(connection, System.out).run(USERS);
    FollowGraph graph = new FollowGraph(FollowersExample.SEED, USERS);

    List<String> following = graph.follows().stream()
        .filter(follow -> follow.follower().equals(results.user()))
        .map(Follow::followee)
        .sorted()
        .toList();
    assertFalse(following.isEmpty());
    assertEquals(following, results.following());

    List<String> followers = graph.follows().stream()
        .filter(follow -> follow.followee().equals(results.mostFollowed()))
        .map(Follow::follower)
        .sorted()
        .toList();
    int mostFollowers = graph.followerCounts().values().stream().max(Integer::compare).orElseThrow();
    assertEquals(mostFollowers, followers.size(), "the most-followed user was asked about");
    assertEquals(followers, results.followersByReverseTable().answer());
    assertEquals(followers, results.followersByFilteredScan().answer());
    assertEquals(followers.size(), results.followersByReverseTable().rowsRead(), "the prefix scan reads its answer");
    assertTrue(results.followersByFilteredScan().rowsRead() >= graph.follows().size(), "the filtered scan reads all");

    assertEquals(followers.size(), results.before().followers(), "the wide table's counter");
    assertTrue(results.followRecorded());
    assertFalse(results.repeatedFollowRecorded(), "a second click changes nothing");
    assertEquals(results.before().followers() + 1, results.after().followers());
    assertEquals(results.before().following(), results.after().following());
  }
}
