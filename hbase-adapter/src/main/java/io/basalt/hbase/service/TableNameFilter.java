package io.basalt.hbase.service;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;

/**
 * HBase's rules for listing tables: a Java regex that must match the whole name (tables of the default namespace
 * also match as {@code default:t}), system tables only when asked for, and an optional namespace.
 */
final class TableNameFilter {
  private final Pattern pattern;
  private final boolean includeSystemTables;
  private final String namespace;

  TableNameFilter(String regex, boolean includeSystemTables, String namespace) throws DoNotRetryIOException {
    try {
      this.pattern = regex == null || regex.isEmpty() ? null : Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new DoNotRetryIOException("invalid table name pattern: " + e.getMessage());
    }
    this.includeSystemTables = includeSystemTables;
    this.namespace = namespace == null || namespace.isEmpty() ? null : namespace;
  }

  boolean matches(TableName table) {
    if (!includeSystemTables && table.isSystemTable()) {
      return false;
    }
    if (namespace != null && !namespace.equals(table.getNamespaceAsString())) {
      return false;
    }
    if (pattern == null) {
      return true;
    }
    if (pattern.matcher(table.getNameAsString()).matches()) {
      return true;
    }
    return NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR.equals(table.getNamespaceAsString())
        && pattern.matcher(table.getNameWithNamespaceInclAsString()).matches();
  }
}
