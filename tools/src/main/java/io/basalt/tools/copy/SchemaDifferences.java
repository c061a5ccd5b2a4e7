package io.basalt.tools.copy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/** How two table descriptors differ, attribute by attribute, ignoring the table's name (a copy may rename it). */
final class SchemaDifferences {
  private SchemaDifferences() {}

  static List<String> between(TableDescriptor source, TableDescriptor target) {
    List<String> differences = new ArrayList<>();
    compareValues("table", source.getValues(), target.getValues(), differences);
    TreeSet<String> families = new TreeSet<>();
    for (ColumnFamilyDescriptor family : source.getColumnFamilies()) {
      families.add(family.getNameAsString());
    }
    for (ColumnFamilyDescriptor family : target.getColumnFamilies()) {
      families.add(family.getNameAsString());
    }
    for (String name : families) {
      ColumnFamilyDescriptor a = source.getColumnFamily(Bytes.toBytes(name));
      ColumnFamilyDescriptor b = target.getColumnFamily(Bytes.toBytes(name));
      if (a == null) {
        differences.add("family " + name + " exists only on the target");
      } else if (b == null) {
        differences.add("family " + name + " exists only on the source");
      } else {
        compareValues("family " + name, a.getValues(), b.getValues(), differences);
        compareStrings("family " + name + " configuration", a.getConfiguration(), b.getConfiguration(),
            differences);
      }
    }
    return differences;
  }

  private static void compareValues(String what, Map<Bytes, Bytes> source, Map<Bytes, Bytes> target,
      List<String> differences) {
    TreeSet<Bytes> keys = new TreeSet<>(source.keySet());
    keys.addAll(target.keySet());
    for (Bytes key : keys) {
      if (!Objects.equals(source.get(key), target.get(key))) {
        differences.add(what + " " + key + ": " + source.get(key) + " on the source, " + target.get(key)
            + " on the target");
      }
    }
  }

  private static void compareStrings(String what, Map<String, String> source, Map<String, String> target,
      List<String> differences) {
    TreeSet<String> keys = new TreeSet<>(source.keySet());
    keys.addAll(target.keySet());
    for (String key : keys) {
      if (!Objects.equals(source.get(key), target.get(key))) {
        differences.add(what + " " + key + ": " + source.get(key) + " on the source, " + target.get(key)
            + " on the target");
      }
    }
  }
}
