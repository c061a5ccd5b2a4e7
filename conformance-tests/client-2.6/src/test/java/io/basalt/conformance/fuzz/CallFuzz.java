package io.basalt.conformance.fuzz;

import io.basalt.conformance.rawrpc.RawRpcConnection;
import io.basalt.conformance.rawrpc.RequestFrames;
import io.basalt.conformance.rawrpc.RpcResponse;
import java.util.Random;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;
import org.apache.hbase.thirdparty.com.google.protobuf.Descriptors.ServiceDescriptor;

/** Bad calls on a good connection: each is answered under its own call id, and the connection keeps serving. */
final class CallFuzz {
  /** ClientService methods HBase declares that Basalt does not serve (bulk loads, region server endpoints). */
  private static final String[] UNSERVED = {"ExecRegionServerService"};

  private CallFuzz() {}

  /**
   * The parameter of a Get, Mutate, Scan or Multi is broken: bytes that cannot parse (refused with
   * DoNotRetryIOException), a missing parameter, or a real request with a few bits flipped (answered somehow, but
   * answered). A good Get on the same connection then still works.
   */
  static void malformedParam(FuzzTarget target, Random random) throws Exception {
    String method = ValidRequests.METHODS[random.nextInt(ValidRequests.METHODS.length)];
    int callId = random.nextInt(1 << 30);
    try (RawRpcConnection connection = target.connect("ClientService", RequestFrames.KEY_VALUE_CODEC)) {
      switch (random.nextInt(4)) {
        case 0 -> {
          byte[] garbage = new byte[1 + random.nextInt(200)];
          random.nextBytes(garbage);
          garbage[0] = (byte) (((1 + random.nextInt(15)) << 3) | (6 + random.nextInt(2)));
          connection.send(RequestFrames.request(RequestFrames.header(callId, method, -1), garbage, null));
          RpcResponse response = Expect.callError(connection, callId, Expect.DO_NOT_RETRY);
          Expect.check(response.exception().getStackTrace().contains("malformed"), "names the problem: " + response);
        }
        case 1 -> {
          connection.send(RequestFrames.request(RequestFrames.header(callId, method, -1), null, null));
          Expect.callError(connection, callId, Expect.DO_NOT_RETRY);
        }
        case 2 -> {
          RequestHeader noParam = RequestFrames.header(callId, method, -1).toBuilder().setRequestParam(false).build();
          connection.send(RequestFrames.request(noParam, null, null));
          Expect.callError(connection, callId, Expect.DO_NOT_RETRY);
        }
        default -> {
          byte[] param = ValidRequests.param(method, target.paramsRegion(), random);
          for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
            param[random.nextInt(param.length)] ^= (byte) (1 << random.nextInt(8));
          }
          connection.send(RequestFrames.request(RequestFrames.header(callId, method, -1), param, null));
          Expect.answer(connection, callId);
        }
      }
      Expect.stillServing(connection, target, callId + 1);
    }
  }

  /**
   * A connection to a service Basalt does not serve (a final connection error), or a call to a method the service
   * does not have or Basalt does not serve (DoNotRetryIOException under the call's id, the connection still open).
   */
  static void unknownServiceOrMethod(FuzzTarget target, Random random) throws Exception {
    int variant = random.nextInt(3);
    if (variant == 0) {
      HandshakeFuzz.unknownService(target, random);
      return;
    }
    ServiceDescriptor client = ClientProtos.ClientService.getDescriptor();
    String method;
    if (variant == 1) {
      do {
        method = HandshakeFuzz.randomName(random);
      } while (client.findMethodByName(method) != null);
    } else {
      method = UNSERVED[random.nextInt(UNSERVED.length)];
    }
    int callId = random.nextInt(1 << 30);
    try (RawRpcConnection connection = target.connect("ClientService", RequestFrames.KEY_VALUE_CODEC)) {
      byte[] param = ValidRequests.param("Get", target.paramsRegion(), random);
      connection.send(RequestFrames.request(RequestFrames.header(callId, method, -1), param, null));
      RpcResponse response = Expect.callError(connection, callId, Expect.DO_NOT_RETRY);
      String text = response.exception().getStackTrace();
      Expect.check(text.contains(method) && (text.contains("unknown method") || text.contains("not supported")),
          "the error names the method: " + response);
      Expect.stillServing(connection, target, callId + 1);
    }
  }
}
