package io.basalt.benchmarks.ycsb;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for the stock HBase 2 client. YCSB creates one instance per client thread; each holds its own
 * {@link Table} on the connection all threads share. Every write is sent and acknowledged before the call returns
 * (no client-side buffering), so YCSB's latencies are round trips to the server.
 *
 * <p>Properties: {@code columnfamily} (default {@value #DEFAULT_FAMILY}) and any {@code hbase.*} or
 * {@code zookeeper.*} client setting, e.g. {@code hbase.zookeeper.quorum} and
 * {@code hbase.zookeeper.property.clientPort}.
 */
public final class HBase2Client extends DB {
  static final String DEFAULT_FAMILY = "family";

  private Connection connection;
  private byte[] family;
  private String tableName;
  private Table table;

  @Override
  public void init() throws DBException {
    family = RowConversions.bytes(getProperties().getProperty("columnfamily", DEFAULT_FAMILY));
    try {
      connection = SharedConnection.acquire(YcsbClientConfiguration.from(getProperties()));
    } catch (IOException e) {
      throw new DBException("cannot connect to HBase: " + e.getMessage(), e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    try {
      if (table != null) {
        table.close();
      }
      SharedConnection.release();
    } catch (IOException e) {
      throw new DBException("cannot close the HBase connection: " + e.getMessage(), e);
    }
  }

  @Override
  public Status read(String tableName, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Get get = new Get(RowConversions.bytes(key));
    if (fields == null) {
      get.addFamily(family);
    } else {
      fields.forEach(field -> get.addColumn(family, RowConversions.bytes(field)));
    }
    try {
      Result row = table(tableName).get(get);
      if (row.isEmpty()) {
        return Status.NOT_FOUND;
      }
      RowConversions.copyFamily(row.getFamilyMap(family), result);
      return Status.OK;
    } catch (IOException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status scan(String tableName, String startKey, int recordCount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Scan scan = new Scan().withStartRow(RowConversions.bytes(startKey)).setLimit(recordCount)
        .setCaching(Math.min(recordCount, 100));
    if (fields == null) {
      scan.addFamily(family);
    } else {
      fields.forEach(field -> scan.addColumn(family, RowConversions.bytes(field)));
    }
    try (ResultScanner scanner = table(tableName).getScanner(scan)) {
      for (Result row : scanner) {
        HashMap<String, ByteIterator> fieldsOfRow = new HashMap<>();
        RowConversions.copyFamily(row.getFamilyMap(family), fieldsOfRow);
        result.add(fieldsOfRow);
      }
      return Status.OK;
    } catch (IOException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status update(String tableName, String key, Map<String, ByteIterator> values) {
    return write(tableName, key, values);
  }

  @Override
  public Status insert(String tableName, String key, Map<String, ByteIterator> values) {
    return write(tableName, key, values);
  }

  @Override
  public Status delete(String tableName, String key) {
    try {
      table(tableName).delete(new Delete(RowConversions.bytes(key)));
      return Status.OK;
    } catch (IOException e) {
      return Status.ERROR;
    }
  }

  private Status write(String tableName, String key, Map<String, ByteIterator> values) {
    Put put = new Put(RowConversions.bytes(key));
    values.forEach((field, value) -> put.addColumn(family, RowConversions.bytes(field), value.toArray()));
    try {
      table(tableName).put(put);
      return Status.OK;
    } catch (IOException e) {
      return Status.ERROR;
    }
  }

  /** YCSB names the table on every call; it is the same table for a whole run, so one handle is kept. */
  private Table table(String name) throws IOException {
    if (table == null || !name.equals(tableName)) {
      if (table != null) {
        table.close();
      }
      table = connection.getTable(TableName.valueOf(name));
      tableName = name;
    }
    return table;
  }
}
