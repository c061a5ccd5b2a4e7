package io.basalt.hbase.read;

/** What to do with one raw cell of a row, and where the read goes next. HBase's region server decides the same. */
public enum MatchCode {
  /** Return the cell, then look at the next one. */
  INCLUDE,
  /** Return the cell, then skip the rest of its column. */
  INCLUDE_AND_SEEK_NEXT_COL,
  /** Return the cell, then skip the rest of its family in this row. */
  INCLUDE_AND_SEEK_NEXT_ROW,
  /** Drop the cell and look at the next one. */
  SKIP,
  /** Drop the rest of the column. */
  SEEK_NEXT_COL,
  /** Drop the rest of the family in this row (each family decides on its own, as each HBase store does). */
  SEEK_NEXT_ROW,
  /** Jump to the position the filter names. */
  SEEK_NEXT_USING_HINT,
  /** The filter will accept nothing more: end the whole scan. */
  DONE_SCAN;

  boolean includes() {
    return this == INCLUDE || this == INCLUDE_AND_SEEK_NEXT_COL || this == INCLUDE_AND_SEEK_NEXT_ROW;
  }
}
