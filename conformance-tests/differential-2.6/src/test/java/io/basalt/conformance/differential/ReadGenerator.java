package io.basalt.conformance.differential;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.PrefixFilter;
import org.apache.hadoop.hbase.filter.SkipFilter;
import org.apache.hadoop.hbase.filter.WhileMatchFilter;
import org.apache.hadoop.hbase.util.Bytes;

/** Random reads: Gets, existence checks, multi-gets and Scans of every shape, with and without filters. */
final class ReadGenerator {
  private final Vocabulary words;
  private final FilterGenerator filters;

  ReadGenerator(Vocabulary words, FilterGenerator filters) {
    this.words = words;
    this.filters = filters;
  }

  Operation get() {
    GetSpec spec = getSpec();
    boolean existence = words.chance(10);
    return new Operation((existence ? "exists " : "get ") + spec, table -> existence
        ? "exists=" + table.exists(spec.build())
        : Canonical.result(table.get(spec.build())));
  }

  Operation multiGet() {
    List<GetSpec> specs = new ArrayList<>();
    for (int i = words.between(2, 5); i > 0; i--) {
      specs.add(getSpec());
    }
    boolean existence = words.chance(15);
    return new Operation((existence ? "exists " : "get ") + specs, table -> {
      List<Get> gets = new ArrayList<>();
      for (GetSpec spec : specs) {
        gets.add(spec.build());
      }
      if (existence) {
        boolean[] exists = table.exists(gets);
        StringBuilder text = new StringBuilder("exists=");
        for (boolean each : exists) {
          text.append(each ? 'T' : 'F');
        }
        return text.toString();
      }
      return Canonical.results(table.get(gets));
    });
  }

  private GetSpec getSpec() {
    return GetSpec.random(words, filters, words.row());
  }

  Operation scan() {
    ScanSpec spec = new ScanSpec(words, filters);
    return new Operation("scan " + spec, table -> {
      List<Result> results = new ArrayList<>();
      try (ResultScanner scanner = table.getScanner(spec.build())) {
        for (Result result : scanner) {
          results.add(result);
        }
      }
      return Canonical.scanResults(results);
    });
  }

  /** Every scan option the client offers, except size-based partial results (sizes are estimated differently). */
  private static final class ScanSpec {
    private final byte[] start;
    private final boolean startInclusive;
    private final byte[] stop;
    private final boolean stopInclusive;
    private final byte[] prefix;
    private final boolean reversed;
    private final ReadShape shape;
    private final FilterGenerator.FilterSpec filter;
    private final int caching;
    private final int batch;
    private final int limit;
    private final long maxResultSize;
    private final boolean raw;

    ScanSpec(Vocabulary words, FilterGenerator filters) {
      reversed = words.chance(25);
      if (words.chance(10)) {
        prefix = Bytes.toBytes("r" + words.random().nextInt(3));
        start = null;
        stop = null;
      } else {
        prefix = null;
        byte[] first = words.chance(30) ? null : words.row();
        byte[] second = words.chance(30) ? null : words.row();
        if (first != null && second != null && (Bytes.compareTo(first, second) > 0) != reversed) {
          byte[] swap = first;
          first = second;
          second = swap;
        }
        start = first;
        stop = second;
      }
      startInclusive = words.chance(80);
      stopInclusive = words.chance(20);
      shape = new ReadShape(words);
      FilterGenerator.FilterSpec drawn = words.chance(45) ? filters.any() : null;
      // HBase 2.6's FuzzyRowFilter can loop forever computing a hint in a reversed scan (the region server's
      // handler spins until the client times out); Basalt steps through such scans instead. Nothing to compare.
      filter = reversed && drawn != null && drawn.description().contains("FuzzyRowFilter") ? null
          : failsOnHBaseFromTheFirstRow(drawn) ? null : drawn;
      caching = words.chance(30) ? -1 : words.between(1, 10);
      // A batch with a filter that needs whole rows is refused by both servers, but with different classes:
      // HBase with a plain IOException its clients retry, Basalt at once. The conformance tests cover Basalt's.
      batch = words.chance(15) && (filter == null || !filter.build().get().hasFilterRow()) ? words.between(1, 3) : -1;
      // Not with a batch: the 2.6 client then counts a row twice towards the limit when the row's last piece is
      // shorter than the batch, unless the server happened to flag that piece "may have more" (see Canonical).
      limit = words.chance(20) && batch < 0 ? words.between(1, 8) : -1;
      maxResultSize = words.chance(15) ? words.between(1, 300) : -1;
      raw = words.chance(8);
    }

    /**
     * HBase 2.6.4's PrefixFilter reads the prefix's length of a row without checking the row's length. A forward scan
     * from the table's first row that names a column seeks each store file lazily, first to a placeholder cell with
     * the empty start row, and once the first region has store files that cell reaches the filter: the scan fails
     * with an ArrayIndexOutOfBoundsException, which the client retries until it gives up (compatibility.md). Each
     * try leaves a region scanner open on HBase until its lease runs out, and HBase's flushes and compactions honour
     * an open scanner's read point: a compaction check run meanwhile can lose a version for good on HBase alone
     * (CompactionOracleTest). Such scans are left out.
     */
    private boolean failsOnHBaseFromTheFirstRow(FilterGenerator.FilterSpec drawn) {
      return drawn != null && !reversed && start == null && prefix == null && shape.namesColumns()
          && containsPrefixFilter(drawn.build().get());
    }

    private static boolean containsPrefixFilter(Filter filter) {
      if (filter instanceof PrefixFilter) {
        return true;
      }
      if (filter instanceof FilterList list) {
        return list.getFilters().stream().anyMatch(ScanSpec::containsPrefixFilter);
      }
      if (filter instanceof SkipFilter skip) {
        return containsPrefixFilter(skip.getFilter());
      }
      return filter instanceof WhileMatchFilter whileMatch && containsPrefixFilter(whileMatch.getFilter());
    }

    Scan build() {
      Scan scan = new Scan();
      if (prefix != null) {
        scan.setStartStopRowForPrefixScan(prefix);
      }
      if (start != null) {
        scan.withStartRow(start, startInclusive);
      }
      if (stop != null) {
        scan.withStopRow(stop, stopInclusive);
      }
      scan.setReversed(reversed);
      try {
        shape.applyTo(scan);
      } catch (java.io.IOException e) {
        throw new IllegalStateException(e);
      }
      if (batch > 0) {
        scan.setBatch(batch);
      }
      if (filter != null) {
        scan.setFilter(filter.build().get());
      }
      if (caching > 0) {
        scan.setCaching(caching);
      }
      if (limit > 0) {
        scan.setLimit(limit);
      }
      if (maxResultSize > 0) {
        scan.setMaxResultSize(maxResultSize);
      }
      scan.setRaw(raw);
      return scan;
    }

    @Override
    public String toString() {
      StringBuilder text = new StringBuilder();
      if (prefix != null) {
        text.append("prefix=").append(Bytes.toString(prefix)).append(' ');
      }
      if (start != null) {
        text.append("start=").append(Bytes.toString(start)).append(startInclusive ? "(incl) " : "(excl) ");
      }
      if (stop != null) {
        text.append("stop=").append(Bytes.toString(stop)).append(stopInclusive ? "(incl) " : "(excl) ");
      }
      text.append(reversed ? "reversed " : "").append(shape);
      if (filter != null) {
        text.append(" filter=").append(filter);
      }
      text.append(caching > 0 ? " caching=" + caching : "").append(batch > 0 ? " batch=" + batch : "")
          .append(limit > 0 ? " limit=" + limit : "").append(maxResultSize > 0 ? " maxResultSize=" + maxResultSize : "")
          .append(raw ? " raw" : "");
      return text.toString();
    }
  }
}
