package io.basalt.conformance.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.BinaryPrefixComparator;
import org.apache.hadoop.hbase.filter.ByteArrayComparable;
import org.apache.hadoop.hbase.filter.ColumnCountGetFilter;
import org.apache.hadoop.hbase.filter.ColumnPaginationFilter;
import org.apache.hadoop.hbase.filter.ColumnPrefixFilter;
import org.apache.hadoop.hbase.filter.ColumnRangeFilter;
import org.apache.hadoop.hbase.filter.ColumnValueFilter;
import org.apache.hadoop.hbase.filter.DependentColumnFilter;
import org.apache.hadoop.hbase.filter.FamilyFilter;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.FuzzyRowFilter;
import org.apache.hadoop.hbase.filter.InclusiveStopFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.filter.LongComparator;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter;
import org.apache.hadoop.hbase.filter.MultipleColumnPrefixFilter;
import org.apache.hadoop.hbase.filter.NullComparator;
import org.apache.hadoop.hbase.filter.PageFilter;
import org.apache.hadoop.hbase.filter.PrefixFilter;
import org.apache.hadoop.hbase.filter.QualifierFilter;
import org.apache.hadoop.hbase.filter.RegexStringComparator;
import org.apache.hadoop.hbase.filter.RowFilter;
import org.apache.hadoop.hbase.filter.SingleColumnValueExcludeFilter;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.filter.SkipFilter;
import org.apache.hadoop.hbase.filter.SubstringComparator;
import org.apache.hadoop.hbase.filter.TimestampsFilter;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.filter.WhileMatchFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.Pair;

/**
 * Random server-side filters from hbase-client's own classes, nested in FilterLists now and then. Every parameter
 * is drawn when the filter is generated; the supplier then builds an identical, fresh filter for each server.
 */
final class FilterGenerator {
  /** A filter in words, and a way to build it. */
  record FilterSpec(String description, Supplier<Filter> build) {
    @Override
    public String toString() {
      return description;
    }
  }

  /**
   * Every operator but NO_OP, which HBase's compare filters reject with an unchecked exception the moment they
   * compare a value; HBase clients then retry an IOException, while Basalt fails the read at once with a
   * DoNotRetryIOException. The classes differ by design.
   */
  private static final List<CompareOperator> OPERATORS = java.util.Arrays.stream(CompareOperator.values())
      .filter(op -> op != CompareOperator.NO_OP).toList();

  private final Vocabulary words;

  FilterGenerator(Vocabulary words) {
    this.words = words;
  }

  FilterSpec any() {
    return any(2);
  }

  private FilterSpec any(int depth) {
    int pick = words.random().nextInt(depth > 0 ? 26 : 23);
    switch (pick) {
      case 0: {
        byte[] prefix = Bytes.toBytes("r" + words.random().nextInt(3));
        return spec("PrefixFilter(" + Bytes.toString(prefix) + ")", () -> new PrefixFilter(prefix));
      }
      case 1: {
        CompareOperator op = words.oneOf(OPERATORS);
        byte[] row = words.row();
        return spec("RowFilter(" + op + ", " + Bytes.toString(row) + ")",
            () -> new RowFilter(op, new BinaryComparator(row)));
      }
      case 2: {
        String regex = "r." + words.random().nextInt(10);
        return spec("RowFilter(EQUAL, regex " + regex + ")",
            () -> new RowFilter(CompareOperator.EQUAL, new RegexStringComparator(regex)));
      }
      case 3: {
        CompareOperator op = words.oneOf(OPERATORS);
        byte[] family = words.anyFamily();
        return spec("FamilyFilter(" + op + ", " + Bytes.toString(family) + ")",
            () -> new FamilyFilter(op, new BinaryComparator(family)));
      }
      case 4: {
        CompareOperator op = words.oneOf(OPERATORS);
        byte[] qualifier = words.qualifier(words.anyFamily());
        return spec("QualifierFilter(" + op + ", " + Bytes.toString(qualifier) + ")",
            () -> new QualifierFilter(op, new BinaryComparator(qualifier)));
      }
      case 5: {
        CompareOperator op = words.oneOf(OPERATORS);
        Comparison value = valueComparison();
        return spec("ValueFilter(" + op + ", " + value + ")", () -> new ValueFilter(op, value.build().get()));
      }
      case 6:
      case 7: {
        byte[] family = words.anyFamily();
        byte[] qualifier = Bytes.equals(family, Vocabulary.C) ? words.longCounter() : words.qualifier(family);
        CompareOperator op = words.oneOf(OPERATORS);
        Comparison value = Bytes.equals(family, Vocabulary.C) ? counterComparison() : valueComparison();
        boolean ifMissing = words.random().nextBoolean();
        boolean latestOnly = words.random().nextBoolean();
        boolean exclude = pick == 7;
        return spec((exclude ? "SingleColumnValueExcludeFilter(" : "SingleColumnValueFilter(")
            + Bytes.toString(family) + ":" + Bytes.toString(qualifier) + " " + op + " " + value
            + ", filterIfMissing=" + ifMissing + ", latestVersionOnly=" + latestOnly + ")", () -> {
              SingleColumnValueFilter filter = exclude
                  ? new SingleColumnValueExcludeFilter(family, qualifier, op, value.build().get())
                  : new SingleColumnValueFilter(family, qualifier, op, value.build().get());
              filter.setFilterIfMissing(ifMissing);
              filter.setLatestVersionOnly(latestOnly);
              return filter;
            });
      }
      case 8: {
        byte[] prefix = Bytes.toBytes((words.random().nextBoolean() ? "q" : "k") + words.random().nextInt(5));
        return spec("ColumnPrefixFilter(" + Bytes.toString(prefix) + ")", () -> new ColumnPrefixFilter(prefix));
      }
      case 9: {
        byte[][] prefixes = {words.qualifier(Vocabulary.A), words.qualifier(Vocabulary.C)};
        return spec("MultipleColumnPrefixFilter(" + Bytes.toString(prefixes[0]) + ", " + Bytes.toString(prefixes[1])
            + ")", () -> new MultipleColumnPrefixFilter(prefixes));
      }
      case 10: {
        byte[] min = words.chance(20) ? null : words.qualifier(Vocabulary.A);
        byte[] max = words.chance(20) ? null : words.qualifier(words.anyFamily());
        boolean minInclusive = words.random().nextBoolean();
        boolean maxInclusive = words.random().nextBoolean();
        return spec("ColumnRangeFilter(" + Bytes.toStringBinary(min) + (minInclusive ? "] " : ") ")
            + Bytes.toStringBinary(max) + (maxInclusive ? "]" : ")"),
            () -> new ColumnRangeFilter(min, minInclusive, max, maxInclusive));
      }
      case 11: {
        int limit = words.between(1, 4);
        return spec("ColumnCountGetFilter(" + limit + ")", () -> new ColumnCountGetFilter(limit));
      }
      case 12: {
        int limit = words.between(1, 4);
        int offset = words.between(0, 4);
        return spec("ColumnPaginationFilter(" + limit + ", " + offset + ")",
            () -> new ColumnPaginationFilter(limit, offset));
      }
      case 13:
        return spec("FirstKeyOnlyFilter", FirstKeyOnlyFilter::new);
      case 14: {
        boolean lengthAsValue = words.random().nextBoolean();
        return spec("KeyOnlyFilter(" + lengthAsValue + ")", () -> new KeyOnlyFilter(lengthAsValue));
      }
      case 15: {
        int pageSize = words.between(1, 6);
        return spec("PageFilter(" + pageSize + ")", () -> new PageFilter(pageSize));
      }
      case 16: {
        List<Long> stamps = new ArrayList<>();
        for (int i = words.between(1, 4); i > 0; i--) {
          stamps.add(words.timestamp());
        }
        boolean canHint = words.random().nextBoolean();
        return spec("TimestampsFilter(" + stamps + ", canHint=" + canHint + ")",
            () -> new TimestampsFilter(stamps, canHint));
      }
      case 17: {
        // "r?d": the tens digit may be anything, the units digit is fixed.
        int units = words.random().nextInt(10);
        byte[] key = Bytes.toBytes("r0" + units);
        byte[] mask = {0, 1, 0};
        return spec("FuzzyRowFilter(r?" + units + ")",
            () -> new FuzzyRowFilter(List.of(new Pair<>(key.clone(), mask.clone()))));
      }
      case 18: {
        List<int[]> ranges = new ArrayList<>();
        for (int i = words.between(1, 3); i > 0; i--) {
          int start = words.random().nextInt(Vocabulary.ROWS);
          ranges.add(new int[] {start, start + words.between(1, 6), words.random().nextInt(2),
              words.random().nextInt(2)});
        }
        StringBuilder description = new StringBuilder("MultiRowRangeFilter(");
        for (int[] range : ranges) {
          description.append(range[2] == 1 ? "[" : "(").append(range[0]).append(',').append(range[1])
              .append(range[3] == 1 ? "]" : ")").append(' ');
        }
        return spec(description.append(')').toString(), () -> {
          List<MultiRowRangeFilter.RowRange> rowRanges = new ArrayList<>();
          for (int[] range : ranges) {
            rowRanges.add(new MultiRowRangeFilter.RowRange(Vocabulary.row(range[0]), range[2] == 1,
                Vocabulary.row(range[1]), range[3] == 1));
          }
          return new MultiRowRangeFilter(rowRanges);
        });
      }
      case 19: {
        byte[] row = words.row();
        return spec("InclusiveStopFilter(" + Bytes.toString(row) + ")", () -> new InclusiveStopFilter(row));
      }
      case 20: {
        byte[] family = words.anyFamily();
        byte[] qualifier = Bytes.equals(family, Vocabulary.C) ? words.longCounter() : words.qualifier(family);
        CompareOperator op = words.oneOf(OPERATORS);
        Comparison value = Bytes.equals(family, Vocabulary.C) ? counterComparison() : valueComparison();
        return spec("ColumnValueFilter(" + Bytes.toString(family) + ":" + Bytes.toString(qualifier) + " " + op + " "
            + value + ")", () -> new ColumnValueFilter(family, qualifier, op, value.build().get()));
      }
      case 21: {
        byte[] family = words.dataFamily();
        byte[] qualifier = words.qualifier(family);
        boolean dropDependent = words.random().nextBoolean();
        boolean withValue = words.random().nextBoolean();
        CompareOperator op = words.oneOf(OPERATORS);
        Comparison value = valueComparison();
        return spec("DependentColumnFilter(" + Bytes.toString(family) + ":" + Bytes.toString(qualifier)
            + ", drop=" + dropDependent + (withValue ? ", " + op + " " + value : "") + ")",
            () -> withValue
                ? new DependentColumnFilter(family, qualifier, dropDependent, op, value.build().get())
                : new DependentColumnFilter(family, qualifier, dropDependent));
      }
      case 22: {
        CompareOperator op = words.oneOf(OPERATORS);
        return spec("ValueFilter(" + op + ", null)", () -> new ValueFilter(op, new NullComparator()));
      }
      case 23: {
        FilterSpec inner = valueOrQualifier();
        return spec("SkipFilter(" + inner + ")", () -> new SkipFilter(inner.build().get()));
      }
      case 24: {
        FilterSpec inner = words.random().nextBoolean() ? valueOrQualifier() : any(0);
        return spec("WhileMatchFilter(" + inner + ")", () -> new WhileMatchFilter(inner.build().get()));
      }
      default: {
        FilterList.Operator operator =
            words.random().nextBoolean() ? FilterList.Operator.MUST_PASS_ALL : FilterList.Operator.MUST_PASS_ONE;
        List<FilterSpec> members = new ArrayList<>();
        for (int i = words.between(1, 3); i > 0; i--) {
          members.add(any(depth - 1));
        }
        return spec("FilterList(" + operator + ", " + members + ")", () -> {
          FilterList list = new FilterList(operator);
          for (FilterSpec member : members) {
            list.addFilter(member.build().get());
          }
          return list;
        });
      }
    }
  }

  private FilterSpec valueOrQualifier() {
    CompareOperator op = words.oneOf(List.of(CompareOperator.NOT_EQUAL, CompareOperator.LESS,
        CompareOperator.GREATER_OR_EQUAL));
    if (words.random().nextBoolean()) {
      Comparison value = valueComparison();
      return spec("ValueFilter(" + op + ", " + value + ")", () -> new ValueFilter(op, value.build().get()));
    }
    byte[] qualifier = words.qualifier(Vocabulary.A);
    return spec("QualifierFilter(" + op + ", " + Bytes.toString(qualifier) + ")",
        () -> new QualifierFilter(op, new BinaryComparator(qualifier)));
  }

  /** A comparator over the data families' values. */
  private record Comparison(String description, Supplier<ByteArrayComparable> build) {
    @Override
    public String toString() {
      return description;
    }
  }

  private Comparison valueComparison() {
    byte[] value = words.value();
    switch (words.random().nextInt(4)) {
      case 0:
        String digit = Integer.toString(words.random().nextInt(10));
        return new Comparison("substring " + digit, () -> new SubstringComparator(digit));
      case 1:
        byte[] prefix = Bytes.copy(value, 0, Math.min(value.length, 2));
        return new Comparison("prefix " + Bytes.toStringBinary(prefix), () -> new BinaryPrefixComparator(prefix));
      default:
        return new Comparison("binary " + Bytes.toStringBinary(value), () -> new BinaryComparator(value));
    }
  }

  private Comparison counterComparison() {
    long value = words.random().nextInt(25);
    return words.random().nextBoolean()
        ? new Comparison("long " + value, () -> new LongComparator(value))
        : new Comparison("binary long " + value, () -> new BinaryComparator(Bytes.toBytes(value)));
  }

  private static FilterSpec spec(String description, Supplier<Filter> build) {
    return new FilterSpec(description, build);
  }
}
