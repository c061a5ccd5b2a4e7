package io.basalt.server.rpc;

import io.basalt.hbase.metrics.Hosts;
import io.basalt.hbase.metrics.MetricsOutput;
import io.basalt.hbase.metrics.MetricsRecord;
import io.basalt.hbase.metrics.OperationHistogram.Ranges;
import io.basalt.hbase.metrics.OperationHistogram;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import org.apache.hadoop.hbase.CallQueueTooBigException;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.RegionTooBusyException;
import org.apache.hadoop.hbase.UnknownScannerException;
import org.apache.hadoop.hbase.exceptions.FailedSanityCheckException;
import org.apache.hadoop.hbase.exceptions.OutOfOrderScannerNextException;
import org.apache.hadoop.hbase.exceptions.RegionMovedException;
import org.apache.hadoop.hbase.exceptions.ScannerResetException;

/**
 * What the RPC server measures of its calls, HBase's {@code RegionServer,sub=IPC} bean: how long calls waited for a
 * thread, ran, and took in all; request and answer sizes; bytes in and out; calls queued and handlers busy; open
 * connections; and the calls that failed, by HBase's kinds of failure. One port serves both HBase's region server
 * and master services, so there is no separate {@code Master,sub=IPC}: every call is counted here.
 */
public final class RpcMetrics implements MetricsRecord {
  /** HBase's kinds of failure, each counted as {@code exceptions.<kind>}; anything else is {@code otherExceptions}. */
  private static final Map<Class<?>, String> KINDS = new LinkedHashMap<>();

  static {
    KINDS.put(RegionMovedException.class, "RegionMovedException");
    KINDS.put(OutOfOrderScannerNextException.class, "OutOfOrderScannerNextException");
    KINDS.put(RegionTooBusyException.class, "RegionTooBusyException");
    KINDS.put(FailedSanityCheckException.class, "FailedSanityCheckException");
    KINDS.put(UnknownScannerException.class, "UnknownScannerException");
    KINDS.put(NotServingRegionException.class, "NotServingRegionException");
    KINDS.put(ScannerResetException.class, "ScannerResetException");
    KINDS.put(CallQueueTooBigException.class, "callQueueTooBig");
  }

  private final OperationHistogram queueCallTime;
  private final OperationHistogram processCallTime;
  private final OperationHistogram totalCallTime;
  private final OperationHistogram requestSize;
  private final OperationHistogram responseSize;
  private final LongAdder receivedBytes = new LongAdder();
  private final LongAdder sentBytes = new LongAdder();
  private final LongAdder exceptions = new LongAdder();
  private final Map<String, LongAdder> exceptionsByKind = new LinkedHashMap<>();
  private final AtomicLong queuedBytes = new AtomicLong();
  private final AtomicInteger activeHandlers = new AtomicInteger();
  private final IntSupplier queuedCalls;
  private final IntSupplier openConnections;

  RpcMetrics(long intervalMillis, IntSupplier queuedCalls, IntSupplier openConnections) {
    queueCallTime = new OperationHistogram(Ranges.TIME, intervalMillis);
    processCallTime = new OperationHistogram(Ranges.TIME, intervalMillis);
    totalCallTime = new OperationHistogram(Ranges.TIME, intervalMillis);
    requestSize = new OperationHistogram(Ranges.SIZE, intervalMillis);
    responseSize = new OperationHistogram(Ranges.SIZE, intervalMillis);
    for (String kind : KINDS.values()) {
      exceptionsByKind.put(kind, new LongAdder());
    }
    exceptionsByKind.put("otherExceptions", new LongAdder());
    this.queuedCalls = queuedCalls;
    this.openConnections = openConnections;
  }

  /** A call arrived, its request {@code bytes} long. */
  void received(int bytes) {
    receivedBytes.add(bytes);
    requestSize.update(bytes);
  }

  /** A call waits for a handler, holding {@code bytes} of request. */
  void queued(int bytes) {
    queuedBytes.addAndGet(bytes);
  }

  /** A queued call left the queue: a handler took it, or the queue refused it. */
  void dequeued(int bytes) {
    queuedBytes.addAndGet(-bytes);
  }

  void handlerStarted() {
    activeHandlers.incrementAndGet();
  }

  void handlerFinished() {
    activeHandlers.decrementAndGet();
  }

  /** A call was answered, its answer {@code bytes} long; a failure is counted by its kind. */
  void answered(IncomingCall call, long bytes, Throwable failure) {
    long now = System.nanoTime();
    queueCallTime.update(call.queuedNanos() / 1_000_000);
    processCallTime.update(call.processingNanos(now) / 1_000_000);
    totalCallTime.update(call.totalNanos(now) / 1_000_000);
    responseSize.update(bytes);
    sentBytes.add(bytes);
    if (failure != null) {
      failed(failure);
    }
  }

  /** A call failed, or was refused before it ran. */
  void failed(Throwable failure) {
    exceptions.increment();
    exceptionsByKind.get(KINDS.getOrDefault(failure.getClass(), "otherExceptions")).increment();
  }

  @Override
  public String jmxName() {
    return "RegionServer,sub=IPC";
  }

  @Override
  public String recordName() {
    return "RegionServer";
  }

  @Override
  public void writeTo(MetricsOutput out) {
    out.tag("Context", "regionserver");
    out.tag("Hostname", Hosts.localName());
    out.gauge("queueSize", queuedBytes.get());
    out.gauge("numCallsInGeneralQueue", queuedCalls.getAsInt());
    out.gauge("numOpenConnections", openConnections.getAsInt());
    out.gauge("numActiveHandler", activeHandlers.get());
    out.gauge("numActiveGeneralHandler", activeHandlers.get());
    out.counter("receivedBytes", receivedBytes.sum());
    out.counter("sentBytes", sentBytes.sum());
    out.counter("exceptions", exceptions.sum());
    exceptionsByKind.forEach((kind, count) -> out.counter("exceptions." + kind, count.sum()));
    queueCallTime.writeTo("QueueCallTime", out);
    processCallTime.writeTo("ProcessCallTime", out);
    totalCallTime.writeTo("TotalCallTime", out);
    requestSize.writeTo("RequestSize", out);
    responseSize.writeTo("ResponseSize", out);
  }
}
