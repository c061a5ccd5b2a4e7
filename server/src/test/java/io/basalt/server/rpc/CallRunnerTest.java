package io.basalt.server.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.RpcDispatcher;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.security.RequestUser;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ClientService;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Get;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Result;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ResponseHeader;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.junit.jupiter.api.Test;

/**
 * Where calls run: a short call on the thread that decoded it, refusing to wait; a call that would wait there, a
 * call that is not short, or one decoded with more than a few frames behind it, on a handler thread, with exactly
 * one answer either way and the frame parsed once.
 */
class CallRunnerTest {
  private static final ConnectionInfo TEST_CONNECTION =
      new ConnectionInfo("ClientService", null, RequestUser.simple("test"), "127.0.0.1:1");
  private final EmbeddedChannel channel = new EmbeddedChannel();
  private final HandlerPool pool = new HandlerPool();
  /** For each time a handler ran: whether it ran refusing to wait. */
  private final List<Boolean> runs = new ArrayList<>();
  /** The request objects handlers were given, to tell a frame parsed once from one parsed twice. */
  private final List<Message> requests = new ArrayList<>();
  private int waitsBeforeAnswering;
  /** When set, a Scan call counts this down on starting and waits for {@link #scanRelease}. */
  private CountDownLatch scanStarted;
  private CountDownLatch scanRelease;

  @Test
  void aShortCallThatNeedNotWaitRunsWhereItWasRead() throws IOException {
    CallRunner runner = runner(true);
    runner.submit(channel, getFrame(1, 0), new ConnectionActivity(0), ScannerQuota.unlimited());
    assertEquals(List.of(true), runs);
    assertEquals(0, pool.tasks);
    assertAnswered(1);
    assertEquals(new CallPlacement.Counts(1, 0, 0), runner.placement().counts());
  }

  @Test
  void aShortCallThatWouldWaitRunsAgainOnAHandler() throws IOException {
    waitsBeforeAnswering = 1;
    CallRunner runner = runner(true);
    runner.submit(channel, getFrame(2, 0), new ConnectionActivity(0), ScannerQuota.unlimited());
    assertEquals(List.of(true, false), runs);
    assertEquals(1, pool.tasks);
    assertAnswered(2);
    assertEquals(new CallPlacement.Counts(0, 1, 1), runner.placement().counts());
    assertSame(requests.get(0), requests.get(1), "the handler runs on the request the I/O thread parsed");
  }

  @Test
  void aMalformedParameterIsAnsweredWhereItWasRead() throws IOException {
    CallRunner runner = runner(true);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RequestHeader.newBuilder().setCallId(7).setMethodName("Get").setRequestParam(true).build()
        .writeDelimitedTo(bytes);
    bytes.write(new byte[] {5, (byte) 0xFF, 1}); // a parameter announcing 5 bytes where 2 follow
    runner.submit(channel, new RpcFrame(bytes.toByteArray(), TEST_CONNECTION, 0), new ConnectionActivity(0),
        ScannerQuota.unlimited());
    assertEquals(0, pool.tasks);
    assertTrue(runs.isEmpty());
    ResponseHeader header = answer();
    assertEquals(7, header.getCallId());
    assertEquals("org.apache.hadoop.hbase.DoNotRetryIOException", header.getException().getExceptionClassName());
  }

  @Test
  void callsThatAreNotShortOrHaveManyFramesBehindThemGoToTheHandlers() throws IOException {
    CallRunner runner = runner(true);
    runner.submit(channel, frame(3, "Scan", ScanRequest.getDefaultInstance(), 0), new ConnectionActivity(0),
        ScannerQuota.unlimited());
    assertEquals(1, pool.tasks);
    assertEquals(List.of(false), runs);
    assertAnswered(3);

    runner.submit(channel, getFrame(4, CallRunner.MAX_FRAMES_BEHIND_ON_IO_THREAD + 1), new ConnectionActivity(0),
        ScannerQuota.unlimited());
    assertEquals(2, pool.tasks);
    assertEquals(List.of(false, false), runs);
    assertAnswered(4);
    assertEquals(new CallPlacement.Counts(0, 2, 0), runner.placement().counts());
  }

  @Test
  void aShortCallWithAFewFramesBehindItStillRunsWhereItWasRead() throws IOException {
    CallRunner runner = runner(true);
    runner.submit(channel, getFrame(6, CallRunner.MAX_FRAMES_BEHIND_ON_IO_THREAD), new ConnectionActivity(0),
        ScannerQuota.unlimited());
    assertEquals(List.of(true), runs);
    assertEquals(0, pool.tasks);
    assertAnswered(6);
  }

  @Test
  void withTheSettingOffEveryCallGoesToTheHandlers() throws IOException {
    runner(false).submit(channel, getFrame(5, 0), new ConnectionActivity(0), ScannerQuota.unlimited());
    assertEquals(List.of(false), runs);
    assertEquals(1, pool.tasks);
    assertAnswered(5);
  }

  @Test
  void aGraceOfLongMaxValueWaitsForTheCallInFlight() throws Exception {
    scanStarted = new CountDownLatch(1);
    scanRelease = new CountDownLatch(1);
    CallRunner runner = runner(true);
    RpcFrame scan = scanFrame(7);
    Thread caller = new Thread(() -> runner.submit(channel, scan, new ConnectionActivity(0),
        ScannerQuota.unlimited()));
    caller.start();
    assertTrue(scanStarted.await(10, TimeUnit.SECONDS));
    CompletableFuture<Boolean> idle = CompletableFuture.supplyAsync(() -> {
      try {
        return runner.awaitIdle(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    // now + Long.MAX_VALUE ms had wrapped into the past: the wait gave up at once, answering false.
    assertThrows(TimeoutException.class, () -> idle.get(200, TimeUnit.MILLISECONDS));
    scanRelease.countDown();
    assertTrue(idle.get(10, TimeUnit.SECONDS));
    caller.join();
  }

  private static RpcFrame scanFrame(int callId) throws IOException {
    return frame(callId, "Scan", ScanRequest.getDefaultInstance(), 0);
  }

  private CallRunner runner(boolean shortCallsOnIoThreads) {
    ServiceBinding client = ServiceBinding.of(ClientService.getDescriptor())
        .onShortWhen("Get", GetRequest.getDefaultInstance(), request -> true, (call, request) -> {
          boolean refused = refusesToWait(call);
          runs.add(refused);
          requests.add(request);
          if (refused && waitsBeforeAnswering-- > 0) {
            call.waiting().refuse("the test's row is locked");
          }
          return GetResponse.newBuilder().setResult(Result.newBuilder().setExists(true)).build();
        })
        .on("Scan", ScanRequest.getDefaultInstance(), (call, request) -> {
          runs.add(refusesToWait(call));
          if (scanRelease != null) {
            scanStarted.countDown();
            try {
              scanRelease.await();
            } catch (InterruptedException e) {
              throw new IllegalStateException(e);
            }
          }
          return ScanResponse.newBuilder().setMoreResults(false).build();
        })
        .build();
    RpcDispatcher services = new RpcDispatcher(List.of(client));
    return new CallRunner(() -> services, pool, shortCallsOnIoThreads, new RpcMetrics(10_000, () -> 0, () -> 0));
  }

  /** Whether a handler run was told to refuse waiting; by name, as the server knows nothing of storage. */
  private static boolean refusesToWait(CallContext call) {
    return call.waiting().name().equals("REFUSED");
  }

  private void assertAnswered(int callId) throws IOException {
    ResponseHeader header = answer();
    assertEquals(callId, header.getCallId());
    assertFalse(header.hasException(), () -> header.getException().getStackTrace());
  }

  /** The one answer written, and that there is no other. */
  private ResponseHeader answer() throws IOException {
    ByteBuf answer = channel.readOutbound();
    ResponseHeader header;
    try (ByteBufInputStream in = new ByteBufInputStream(answer, true)) {
      in.readInt();
      header = ResponseHeader.parseDelimitedFrom(in);
    }
    assertNull(channel.readOutbound(), "one answer per call");
    return header;
  }

  private static RpcFrame getFrame(int callId, int framesBehind) throws IOException {
    GetRequest get = GetRequest.newBuilder()
        .setRegion(RegionSpecifier.newBuilder().setType(RegionSpecifier.RegionSpecifierType.ENCODED_REGION_NAME)
            .setValue(ByteString.copyFromUtf8("region")))
        .setGet(Get.newBuilder().setRow(ByteString.copyFromUtf8("row")))
        .build();
    return frame(callId, "Get", get, framesBehind);
  }

  private static RpcFrame frame(int callId, String method, Message param, int framesBehind) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RequestHeader.newBuilder().setCallId(callId).setMethodName(method).setRequestParam(true).build()
        .writeDelimitedTo(bytes);
    param.writeDelimitedTo(bytes);
    return new RpcFrame(bytes.toByteArray(), TEST_CONNECTION, framesBehind);
  }

  /** Runs handler tasks at once on the submitting thread, and counts them. */
  private static final class HandlerPool extends AbstractExecutorService {
    int tasks;

    @Override
    public void execute(Runnable task) {
      tasks++;
      task.run();
    }

    @Override
    public void shutdown() {}

    @Override
    public List<Runnable> shutdownNow() {
      return List.of();
    }

    @Override
    public boolean isShutdown() {
      return false;
    }

    @Override
    public boolean isTerminated() {
      return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return true;
    }
  }
}
