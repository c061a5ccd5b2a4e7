package io.basalt.hbase.service;

import java.io.IOException;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto;

/** Client mutations from their protobuf form, with HBase's own converters. */
final class Mutations {
  private Mutations() {}

  /** Builds the mutation, taking its cells from the request's cell block when it has any there. */
  static Mutation fromProto(MutationProto proto, CellScanner cells) throws IOException {
    return switch (proto.getMutateType()) {
      case PUT -> ProtobufUtil.toPut(proto, cells);
      case DELETE -> ProtobufUtil.toDelete(proto, cells);
      case INCREMENT -> ProtobufUtil.toIncrement(proto, cells);
      case APPEND -> ProtobufUtil.toAppend(proto, cells);
    };
  }

  static DoNotRetryIOException getInAtomicAction() {
    return new DoNotRetryIOException("Atomic put and/or delete only, not a Get");
  }
}
