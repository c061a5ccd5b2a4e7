package io.basalt.tools.snapshot;

import org.apache.hadoop.fs.Path;

/**
 * An HFile handed to the bulk load for one region and family: a snapshot's own file, or the half of a split
 * parent's file a reference stands for, written out for the load.
 *
 * @param origin what it stands for in the snapshot (its name there), for messages
 * @param cells the cells it holds
 * @param oldest the oldest timestamp of its cells (or one older)
 * @param newest the newest timestamp of its cells (or one newer)
 * @param sequenceId the highest sequence id of its edits, which orders a family's files as HBase orders them
 * @param bulkLoadTime when HBase bulk loaded it, or 0; orders files of equal sequence ids
 * @param temporary whether the import wrote it, and removes it once loaded
 */
record LoadFile(byte[] family, Path path, String origin, long cells, long bytes, long oldest, long newest,
    long sequenceId, long bulkLoadTime, boolean temporary) {}
