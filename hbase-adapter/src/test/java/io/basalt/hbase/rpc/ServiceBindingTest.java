package io.basalt.hbase.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.security.RequestUser;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.MasterService;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;
import org.junit.jupiter.api.Test;

class ServiceBindingTest {
  private final ServiceBinding master = ServiceBinding.of(MasterService.getDescriptor())
      .on("IsMasterRunning", MasterProtos.IsMasterRunningRequest.getDefaultInstance(),
          (call, request) -> MasterProtos.IsMasterRunningResponse.newBuilder().setIsMasterRunning(true).build())
      .build();

  @Test
  void servesRegisteredMethodsByExactName() throws Exception {
    assertEquals("MasterService", master.name());
    ServiceBinding.Method<?> method = master.method("IsMasterRunning");
    byte[] request = MasterProtos.IsMasterRunningRequest.getDefaultInstance().toByteArray();
    MasterProtos.IsMasterRunningResponse response = (MasterProtos.IsMasterRunningResponse) method.invoke(
        new CallContext(null, true, RequestUser.simple("test"), 0), method.parse(request, 0, request.length));
    assertTrue(response.getIsMasterRunning());
  }

  @Test
  void declaredButUnservedAndUnknownMethodsFailWithoutRetry() {
    DoNotRetryIOException unserved = assertThrows(DoNotRetryIOException.class, () -> master.method("Balance"));
    assertTrue(unserved.getMessage().contains("MasterService.Balance is not supported"), unserved.getMessage());
    DoNotRetryIOException unknown = assertThrows(DoNotRetryIOException.class, () -> master.method("isMasterRunning"));
    assertTrue(unknown.getMessage().contains("unknown method"), unknown.getMessage());
  }

  @Test
  void malformedParametersAreNotRetried() throws Exception {
    ServiceBinding.Method<?> method = master.method("IsMasterRunning");
    byte[] garbage = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
    assertThrows(DoNotRetryIOException.class, () -> method.parse(garbage, 0, garbage.length));
  }

  @Test
  void handlersMustMatchTheDescriptor() {
    assertThrows(IllegalArgumentException.class, () -> ServiceBinding.of(MasterService.getDescriptor())
        .on("IsMasterRunning", ClientProtos.GetRequest.getDefaultInstance(), (call, request) -> null));
    assertThrows(IllegalArgumentException.class, () -> ServiceBinding.of(MasterService.getDescriptor())
        .on("NoSuchMethod", MasterProtos.IsMasterRunningRequest.getDefaultInstance(), (call, request) -> null));
  }
}
