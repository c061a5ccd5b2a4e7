package io.basalt.conformance.fuzz;

import java.io.IOException;
import java.util.Random;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto.MutationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType;
import org.apache.hadoop.hbase.util.Bytes;

/** Well-formed ClientService requests for one region, built by hbase-client's own converters, to mutate. */
final class ValidRequests {
  static final String[] METHODS = {"Get", "Mutate", "Scan", "Multi"};
  static final byte[] FAMILY = Bytes.toBytes("f");

  private ValidRequests() {}

  /** The serialized parameter of a random request of {@code method} to {@code region}. */
  static byte[] param(String method, byte[] region, Random random) throws IOException {
    byte[] row = Bytes.toBytes("row-" + random.nextInt(1000));
    byte[] qualifier = Bytes.toBytes("q" + random.nextInt(10));
    return switch (method) {
      case "Get" -> RequestConverter.buildGetRequest(region, new Get(row).addColumn(FAMILY, qualifier)
          .readVersions(1 + random.nextInt(3))).toByteArray();
      case "Mutate" -> switch (random.nextInt(3)) {
        case 0 -> RequestConverter.buildMutateRequest(region, put(row, qualifier, random)).toByteArray();
        case 1 -> RequestConverter.buildMutateRequest(region, new Delete(row).addFamily(FAMILY)).toByteArray();
        default -> RequestConverter.buildMutateRequest(region,
            new Increment(row).addColumn(FAMILY, Bytes.toBytes("counter"), 1), 0, 0).toByteArray();
      };
      case "Scan" -> RequestConverter.buildScanRequest(region, new Scan().withStartRow(row).addFamily(FAMILY)
          .setLimit(1 + random.nextInt(10)), 1 + random.nextInt(100), true).toByteArray();
      case "Multi" -> MultiRequest.newBuilder().addRegionAction(RegionAction.newBuilder()
          .setRegion(RequestConverter.buildRegionSpecifier(RegionSpecifierType.REGION_NAME, region))
          .addAction(Action.newBuilder().setIndex(0)
              .setMutation(ProtobufUtil.toMutation(MutationType.PUT, put(row, qualifier, random))))
          .addAction(Action.newBuilder().setIndex(1)
              .setGet(ProtobufUtil.toGet(new Get(row)))))
          .build().toByteArray();
      default -> throw new IllegalArgumentException(method);
    };
  }

  static Put put(byte[] row, byte[] qualifier, Random random) {
    byte[] value = new byte[random.nextInt(100)];
    random.nextBytes(value);
    return new Put(row).addColumn(FAMILY, qualifier, value);
  }
}
