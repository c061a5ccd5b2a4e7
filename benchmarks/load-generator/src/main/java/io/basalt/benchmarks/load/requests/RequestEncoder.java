package io.basalt.benchmarks.load.requests;

import io.basalt.benchmarks.load.table.LoadTable;
import io.basalt.benchmarks.load.table.RegionPlace;
import io.basalt.benchmarks.load.wire.EncodedRequest;
import io.basalt.benchmarks.load.wire.RpcFraming;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto.MutationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType;

/**
 * Encodes calls with hbase-client's own request builders ({@code RequestConverter}, {@code ProtobufUtil}) and codec,
 * so each request is what a stock 2.6 client sends for the same call: single mutations with their cells inline,
 * batches of puts with theirs in a KeyValueCodec cell block, a scan with its row limit. Increments carry no nonce
 * (a pool of encoded requests repeats itself, and a server would take a repeated nonce for a retry), on both servers.
 */
public final class RequestEncoder {
  static final int SCAN_ROWS = 100;
  static final int BATCH = 100;

  private final List<RegionPlace> regions;
  private final int rows;

  /** Calls to {@code regions}, which are served by one server. */
  public RequestEncoder(List<RegionPlace> regions) {
    this.regions = List.copyOf(regions);
    this.rows = regions.stream().mapToInt(RegionPlace::rowCount).sum();
  }

  public EncodedRequest encode(Operation operation, SplittableRandom random) throws IOException {
    return switch (operation) {
      case GET -> get(random);
      case PUT -> put(random);
      case SCAN100 -> scan(random);
      case MULTIGET100 -> multiGet(random);
      case MULTIPUT100 -> multiPut(random);
      case INCREMENT -> increment(random);
      case CHECKANDPUT -> checkAndPut(random);
    };
  }

  private EncodedRequest get(SplittableRandom random) throws IOException {
    int row = randomRow(random);
    Get get = new Get(LoadTable.row(row)).addColumn(LoadTable.FAMILY, LoadTable.QUALIFIER);
    return RpcFraming.encode("Get", RequestConverter.buildGetRequest(regionOf(row).regionName(), get), new byte[0],
        row);
  }

  private EncodedRequest put(SplittableRandom random) throws IOException {
    int row = randomRow(random);
    return RpcFraming.encode("Mutate", RequestConverter.buildMutateRequest(regionOf(row).regionName(), put(row)),
        new byte[0], null);
  }

  private EncodedRequest scan(SplittableRandom random) throws IOException {
    RegionPlace region = regions.get(random.nextInt(regions.size()));
    int first = region.firstRow() + random.nextInt(region.rowCount() - SCAN_ROWS + 1);
    Scan scan = new Scan().withStartRow(LoadTable.row(first)).addColumn(LoadTable.FAMILY, LoadTable.QUALIFIER)
        .setCaching(SCAN_ROWS).setLimit(SCAN_ROWS);
    return RpcFraming.encode("Scan", RequestConverter.buildScanRequest(region.regionName(), scan, SCAN_ROWS, false),
        new byte[0], first);
  }

  private EncodedRequest multiGet(SplittableRandom random) throws IOException {
    ClientProtos.MultiRequest.Builder multi = ClientProtos.MultiRequest.newBuilder();
    List<Integer> order = new ArrayList<>();
    int index = 0;
    for (Map.Entry<RegionPlace, List<Integer>> group : randomRowsByRegion(random).entrySet()) {
      ClientProtos.RegionAction.Builder action = regionAction(group.getKey());
      for (int row : group.getValue()) {
        Get get = new Get(LoadTable.row(row)).addColumn(LoadTable.FAMILY, LoadTable.QUALIFIER);
        action.addAction(ClientProtos.Action.newBuilder().setIndex(index++).setGet(ProtobufUtil.toGet(get)));
        order.add(row);
      }
      multi.addRegionAction(action);
    }
    return RpcFraming.encode("Multi", multi.build(), new byte[0],
        order.stream().mapToInt(Integer::intValue).toArray());
  }

  private EncodedRequest multiPut(SplittableRandom random) throws IOException {
    ClientProtos.MultiRequest.Builder multi = ClientProtos.MultiRequest.newBuilder();
    ByteArrayOutputStream cells = new ByteArrayOutputStream();
    Codec.Encoder encoder = new KeyValueCodec().getEncoder(cells);
    int index = 0;
    for (Map.Entry<RegionPlace, List<Integer>> group : randomRowsByRegion(random).entrySet()) {
      ClientProtos.RegionAction.Builder action = regionAction(group.getKey());
      for (int row : group.getValue()) {
        Put put = put(row);
        action.addAction(ClientProtos.Action.newBuilder().setIndex(index++)
            .setMutation(ProtobufUtil.toMutationNoData(MutationType.PUT, put)));
        encoder.write(put.get(LoadTable.FAMILY, LoadTable.QUALIFIER).get(0));
      }
      multi.addRegionAction(action);
    }
    encoder.flush();
    return RpcFraming.encode("Multi", multi.build(), cells.toByteArray(), index);
  }

  private EncodedRequest increment(SplittableRandom random) throws IOException {
    int row = randomRow(random);
    Increment increment = new Increment(LoadTable.row(row)).addColumn(LoadTable.FAMILY, LoadTable.COUNTER, 1);
    return RpcFraming.encode("Mutate", RequestConverter.buildMutateRequest(regionOf(row).regionName(), increment,
        HConstants.NO_NONCE, HConstants.NO_NONCE), new byte[0], null);
  }

  private EncodedRequest checkAndPut(SplittableRandom random) throws IOException {
    int row = randomRow(random);
    byte[] key = LoadTable.row(row);
    return RpcFraming.encode("Mutate", RequestConverter.buildMutateRequest(regionOf(row).regionName(), key,
        LoadTable.FAMILY, LoadTable.QUALIFIER, CompareOperator.EQUAL, LoadTable.value(row), null, TimeRange.allTime(),
        put(row), HConstants.NO_NONCE, HConstants.NO_NONCE, false), new byte[0], null);
  }

  private static Put put(int row) {
    return new Put(LoadTable.row(row)).addColumn(LoadTable.FAMILY, LoadTable.QUALIFIER, LoadTable.value(row));
  }

  private static ClientProtos.RegionAction.Builder regionAction(RegionPlace region) {
    return ClientProtos.RegionAction.newBuilder()
        .setRegion(RequestConverter.buildRegionSpecifier(RegionSpecifierType.REGION_NAME, region.regionName()));
  }

  /** {@value #BATCH} random rows grouped by region, as a stock client groups a batch. */
  private Map<RegionPlace, List<Integer>> randomRowsByRegion(SplittableRandom random) {
    Map<RegionPlace, List<Integer>> groups = new LinkedHashMap<>();
    for (int i = 0; i < BATCH; i++) {
      int row = randomRow(random);
      groups.computeIfAbsent(regionOf(row), unused -> new ArrayList<>()).add(row);
    }
    return groups;
  }

  /** A row of one of the regions, every row as likely. */
  private int randomRow(SplittableRandom random) {
    int pick = random.nextInt(rows);
    for (RegionPlace region : regions) {
      if (pick < region.rowCount()) {
        return region.firstRow() + pick;
      }
      pick -= region.rowCount();
    }
    throw new IllegalStateException("no region holds row " + pick);
  }

  private RegionPlace regionOf(int row) {
    for (RegionPlace region : regions) {
      if (row >= region.firstRow() && row < region.afterLastRow()) {
        return region;
      }
    }
    throw new IllegalArgumentException("row " + row + " is on none of the server's regions");
  }
}
