package io.basalt.tools;

import java.util.Map;
import org.apache.hadoop.hbase.TableName;

/** The values the tools' options take, each checked the same way by every tool, with the same refusal. */
public final class OptionValues {
  private OptionValues() {}

  /** The argument at {@code index}, the value of {@code option} before it. */
  public static String value(String[] args, int index, String option) throws UsageException {
    if (index >= args.length) {
      throw new UsageException(option + " needs a value");
    }
    return args[index];
  }

  public static TableName tableName(String name) throws UsageException {
    try {
      return TableName.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new UsageException("'" + name + "' is not a table name: " + e.getMessage());
    }
  }

  public static int positive(String value, String option) throws UsageException {
    try {
      int parsed = Integer.parseInt(value);
      if (parsed > 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // refused below, as any other value that is not a positive number
    }
    throw new UsageException(option + " takes a positive number, not '" + value + "'");
  }

  /** A {@code -D key=value} pair, added to {@code properties}. */
  public static void property(String pair, Map<String, String> properties) throws UsageException {
    int equals = pair.indexOf('=');
    if (equals <= 0) {
      throw new UsageException("-D takes key=value, not '" + pair + "'");
    }
    properties.put(pair.substring(0, equals), pair.substring(equals + 1));
  }
}
