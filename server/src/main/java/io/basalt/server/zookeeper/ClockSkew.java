package io.basalt.server.zookeeper;

import java.io.IOException;

/**
 * How far this node's clock is from the cluster's, as measured through ZooKeeper at start ({@link
 * ClusterRegistry#measureClockSkew}), and what Basalt does about it, following HBase's master, which refuses a
 * region server whose clock differs from its own by more than {@code hbase.master.maxclockskew} (30 s by default,
 * {@code ClockOutOfSyncException}) and warns above {@code hbase.master.warningclockskew} (10 s). Basalt's reference
 * is the ZooKeeper ensemble's leader, whose clock stamps every znode change. Cell timestamps are chosen by a tablet's
 * leader from its clock, so a node too far behind the others would, once it leads, stamp puts below the cells they
 * replace; its writers never stamp below what the tablet holds (the timestamp floor), but that floor is not known for
 * cells older than the node's restart, which this check bounds.
 *
 * @param skewMillis this node's clock minus the reference's: positive when this node is ahead
 * @param uncertaintyMillis half the round trip the measurement took: the true skew is within this of it
 */
public record ClockSkew(long skewMillis, long uncertaintyMillis) {

  /**
   * Refuses a skew surely beyond {@code maxMillis} (by more than the uncertainty), and returns a warning for one
   * possibly beyond {@code warnMillis}, or null.
   */
  public String check(int node, long maxMillis, long warnMillis) throws IOException {
    long surely = Math.abs(skewMillis) - uncertaintyMillis;
    if (surely > maxMillis) {
      throw new IOException("node " + node + "'s clock is " + describe() + " the cluster's (the ZooKeeper "
          + "ensemble leader's), more than hbase.master.maxclockskew allows (" + maxMillis + " ms): as a tablet's "
          + "leader it would stamp cells out of step with the other nodes. Synchronize the clocks (NTP) and start it "
          + "again");
    }
    if (Math.abs(skewMillis) > warnMillis) {
      return "node " + node + "'s clock is " + describe() + " the cluster's (the ZooKeeper ensemble leader's), more "
          + "than hbase.master.warningclockskew (" + warnMillis + " ms); it is refused beyond "
          + "hbase.master.maxclockskew (" + maxMillis + " ms). Synchronize the clocks (NTP)";
    }
    return null;
  }

  private String describe() {
    return Math.abs(skewMillis) + " ms (within " + uncertaintyMillis + " ms) " + (skewMillis >= 0 ? "ahead of"
        : "behind");
  }
}
