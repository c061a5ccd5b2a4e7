package io.basalt.hbase.read;

import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.SkipFilter;
import org.apache.hadoop.hbase.filter.WhileMatchFilter;

/** Looks into a filter and the filters it wraps (lists, skip and while-match wrappers). */
final class FilterTrees {
  private FilterTrees() {}

  static boolean contains(Filter filter, Class<? extends Filter> kind) {
    if (filter == null) {
      return false;
    }
    if (kind.isInstance(filter)) {
      return true;
    }
    if (filter instanceof FilterList list) {
      for (Filter member : list.getFilters()) {
        if (contains(member, kind)) {
          return true;
        }
      }
      return false;
    }
    if (filter instanceof SkipFilter skip) {
      return contains(skip.getFilter(), kind);
    }
    if (filter instanceof WhileMatchFilter whileMatch) {
      return contains(whileMatch.getFilter(), kind);
    }
    return false;
  }
}
