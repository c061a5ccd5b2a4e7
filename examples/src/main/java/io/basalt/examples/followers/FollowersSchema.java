package io.basalt.examples.followers;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A wide table of user profiles next to two narrow tables of follows.
 * <ul>
 *   <li>{@code users}: one row per user, keyed by handle, a value in every column: {@code info} holds what rarely
 *       changes (name, city), {@code stats} the counters that change all day (followers, following, posts).
 *       Handles spread evenly over the alphabet, so they spread the load over the tablets too.</li>
 *   <li>{@code follows}: one row per follow, keyed {@code follower#followee}. Each user follows a few of millions
 *       of possible users; a column per possible followee would be almost all empty, a row per follow is not.</li>
 *   <li>{@code followed_by}: the same follows keyed {@code followee#follower}. A key answers questions about its
 *       first part only, so the reverse question gets its own copy of the data.</li>
 * </ul>
 */
public final class FollowersSchema {
  public static final TableName USERS = TableName.valueOf("users");
  public static final TableName FOLLOWS = TableName.valueOf("follows");
  public static final TableName FOLLOWED_BY = TableName.valueOf("followed_by");

  public static final byte[] INFO = Bytes.toBytes("info");
  public static final byte[] NAME = Bytes.toBytes("name");
  public static final byte[] CITY = Bytes.toBytes("city");
  public static final byte[] STATS = Bytes.toBytes("stats");
  public static final byte[] FOLLOWERS = Bytes.toBytes("followers");
  public static final byte[] FOLLOWING = Bytes.toBytes("following");
  public static final byte[] POSTS = Bytes.toBytes("posts");

  public static final byte[] FOLLOW = Bytes.toBytes("f");
  public static final byte[] SINCE = Bytes.toBytes("since");

  /** Handles are made of letters, digits and underscores, so this separator never occurs inside one. */
  public static final String SEPARATOR = "#";

  private FollowersSchema() {}

  public static TableDescriptor usersDescriptor() {
    return TableDescriptorBuilder.newBuilder(USERS)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(INFO))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(STATS))
        .build();
  }

  public static TableDescriptor followDescriptor(TableName name) {
    return TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(FOLLOW)).build();
  }

  /** {@code first#second}: a row of {@code follows} (follower, followee) or {@code followed_by} (the reverse). */
  public static byte[] pairKey(String first, String second) {
    return Bytes.toBytes(first + SEPARATOR + second);
  }

  /** Every row whose key starts with this user: {@code ada_berg#}, which {@code ada_berg2#...} does not match. */
  public static byte[] prefixOf(String handle) {
    return Bytes.toBytes(handle + SEPARATOR);
  }

  /** The part after the separator. */
  public static String secondOf(byte[] pairKey) {
    String key = Bytes.toString(pairKey);
    return key.substring(key.indexOf(SEPARATOR) + 1);
  }
}
