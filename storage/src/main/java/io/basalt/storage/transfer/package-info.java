/**
 * Moving a tablet's cells between stores, and comparing them: what a replicated tablet needs when a replica has
 * fallen too far behind to catch up from the log, or has lost its disk.
 *
 * <p>Every node keeps all its tablets in one RocksDB database, and each family of a table is one column family
 * shared by all the table's tablets; a tablet is a row range. So a tablet's state is the cells of its rows in every
 * family of its table, and it is moved as exactly that:
 * <ul>
 *   <li>{@link io.basalt.storage.transfer.ReadPoint#take} pins a moment of a table (a RocksDB snapshot), cheaply
 *       enough to take under the caller's own lock, e.g. right after a state machine applied the entry whose state
 *       it must ship;
 *   <li>{@link io.basalt.storage.transfer.TabletExporter#export} writes the range's stored keys and values, as of
 *       that moment, into one SST file per family with cells and a manifest;
 *   <li>{@link io.basalt.storage.transfer.TabletImporter#importInto} checks such a directory whole and then replaces
 *       the range in another store's table with it; running it again after a crash completes it;
 *   <li>{@link io.basalt.storage.transfer.TabletDigest} hashes the range's stored keys and values, so replicas can
 *       be compared; every export records the digest of what it holds.
 * </ul>
 * Nothing here knows what the cells mean: keys and values are copied and hashed as RocksDB stores them. Moving the
 * export directory between nodes is the caller's.
 */
package io.basalt.storage.transfer;
