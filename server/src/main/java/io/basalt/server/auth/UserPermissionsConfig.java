package io.basalt.server.auth;

import io.basalt.hbase.security.Audit;
import io.basalt.hbase.security.SecuritySettings;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.security.Groups;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Who is a superuser and which groups a user is in, for HBase's permission checks
 * ({@code hbase.security.authorization=true}), read as HBase reads them: the server's own user is always a
 * superuser, then each entry of {@code hbase.superuser} ({@code @name} for a group), split on commas and not trimmed
 * (HBase reads it with Hadoop's getStrings, so {@code "a, b"} names {@code " b"}, which no user is); a user's groups
 * come from Hadoop's group mapping on the server ({@code hadoop.security.group.mapping}, the operating system's groups
 * by default, {@code hadoop.user.group.static.mapping.overrides} to pin some), never from the client, and are cached
 * as Hadoop caches them ({@code hadoop.security.groups.cache.secs}).
 */
public record UserPermissionsConfig(List<String> superUsers, Set<String> superGroups, Groups groups) {
  /**
   * The configuration's superusers and group mapping; null when permissions are not checked.
   *
   * @param serverUser the short name of the user the server runs as: its Kerberos principal's, or null for the
   *     operating system's
   */
  public static UserPermissionsConfig fromConfig(BasaltConfig config, String serverUser) throws ConfigException {
    if (!config.bool(Settings.AUTHORIZATION)) {
      return null;
    }
    if (!config.bool(Settings.ACCESS_EARLY_OUT)) {
      throw new ConfigException(Settings.ACCESS_EARLY_OUT.key() + "=false makes HBase decide reads and writes by "
          + "cell ACLs, which Basalt does not keep; refusing to start with permissions decided otherwise");
    }
    List<String> superUsers = new ArrayList<>();
    Set<String> superGroups = new LinkedHashSet<>();
    try {
      superUsers.add(serverUser != null ? serverUser : UserGroupInformation.getCurrentUser().getShortUserName());
    } catch (IOException e) {
      throw new ConfigException("cannot tell which user the server runs as: " + e.getMessage());
    }
    String listed = config.get(Settings.SUPERUSER);
    if (!listed.isEmpty()) {
      for (String entry : listed.split(",", -1)) {
        if (entry.startsWith("@")) {
          superGroups.add(entry);
        } else {
          superUsers.add(entry);
        }
      }
    }
    return new UserPermissionsConfig(List.copyOf(superUsers), Set.copyOf(superGroups),
        new Groups(config.toHadoop()));
  }

  /** What the HBase services need, with decisions recorded in {@code audit}. */
  SecuritySettings.Permissions forServices(Audit audit) {
    return new SecuritySettings.Permissions(superUsers, superGroups, this::groupsOf, audit);
  }

  /** A user's groups; none when the mapping knows none (Hadoop reports that as an error). */
  private List<String> groupsOf(String shortName) {
    try {
      return groups.getGroups(shortName);
    } catch (IOException e) {
      return List.of();
    }
  }
}
