package io.basalt.server.rpc;

import io.basalt.hbase.logs.SlowLog;
import io.basalt.hbase.rpc.RemoteErrors;
import io.basalt.hbase.rpc.RpcDispatcher;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.rpc.ServiceBinding;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.CallQueueTooBigException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.ipc.FatalConnectionException;
import org.apache.hadoop.hbase.regionserver.RegionServerStoppedException;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executes request frames: reads the request header, finds the method, parses the parameter and the request cell
 * block (each once), invokes the handler and writes the response (or the exception) under the call's id. Tracks
 * calls in flight so a stopping server can let them finish.
 *
 * <p>Most calls run on the handler pool. A short call (one row's get or mutation, a few rows of a scan) is first
 * tried without waiting on the I/O thread that decoded it ({@link ServiceBinding.Method#tryWithoutWaiting}): that
 * saves handing it to a handler and its answer back, two thread wake-ups that cost more than the call itself. Where
 * it would wait (a row lock held elsewhere, a block to read from disk, a write stall, an fsync) it stops before
 * changing anything, and the call, already parsed, goes to the pool after all. A frame decoded with more than
 * {@link #MAX_FRAMES_BEHIND_ON_IO_THREAD} of its connection's frames waiting behind it goes straight to the pool,
 * so that a client with many calls outstanding on one connection (an HBase client's threads share one) still has
 * them run in parallel; and a method whose calls have lately mostly had to go to the pool is tried on the I/O
 * thread only now and then ({@link WaitHistory}).
 */
final class CallRunner {
  private static final Logger LOG = LoggerFactory.getLogger(CallRunner.class);

  /** Larger requests go to the handlers without being parsed first: a call carrying that much is not short. */
  private static final int SHORT_CALL_MAX_BYTES = 64 * 1024;
  /**
   * The most frames that may wait behind a short call run on the I/O thread: they wait for it, while a handler would
   * run them alongside. A hand-over costs about what a short call does, so the last of a few calls run here waits no
   * longer than it would for a handler, and when the cores are busy anyway (handlers would take turns with the I/O
   * thread for them) running here is far cheaper: with four client threads sharing a connection, handing over every
   * call that had another behind it cost half as much server CPU again per YCSB read or update.
   */
  static final int MAX_FRAMES_BEHIND_ON_IO_THREAD = 3;

  private final Supplier<RpcDispatcher> dispatcher;
  private final ExecutorService handlers;
  private final boolean shortCallsOnIoThreads;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final CallPlacement placement = new CallPlacement();
  private final WaitHistory waits = new WaitHistory();
  private final RpcMetrics metrics;
  private volatile boolean stopping;

  CallRunner(Supplier<RpcDispatcher> dispatcher, ExecutorService handlers, boolean shortCallsOnIoThreads,
      RpcMetrics metrics) {
    this.dispatcher = dispatcher;
    this.handlers = handlers;
    this.shortCallsOnIoThreads = shortCallsOnIoThreads;
    this.metrics = metrics;
  }

  /**
   * Runs a call here or queues it for a handler thread. It counts as in flight, for the server and for its
   * connection, until its answer has left for the socket, so a stopping server does not close connections under
   * answers being written.
   */
  void submit(Channel channel, RpcFrame frame, ConnectionActivity activity, ScannerQuota scanners) {
    IncomingCall call;
    try {
      call = IncomingCall.read(frame);
    } catch (IOException e) {
      // Without a header there is no call id to answer: the stream can no longer be trusted.
      channel.writeAndFlush(Frames.connectionError(channel.alloc(), FatalConnectionException.class,
          e.getMessage(), true)).addListener(ChannelFutureListener.CLOSE);
      return;
    }
    call.received();
    int requestBytes = frame.bytes().length;
    metrics.received(requestBytes);
    if (stopping) {
      refuse(channel, call, new RegionServerStoppedException("Basalt on " + channel.localAddress()
          + " is stopping; retry once it is back or elsewhere"));
      return;
    }
    inFlight.incrementAndGet();
    activity.callStarted();
    Runnable finished = () -> {
      activity.callFinished(System.nanoTime());
      inFlight.decrementAndGet();
    };
    if (shortCallsOnIoThreads && frame.framesBehind() <= MAX_FRAMES_BEHIND_ON_IO_THREAD
        && frame.bytes().length <= SHORT_CALL_MAX_BYTES) {
      ChannelFuture answer = runWithoutWaiting(channel, call, scanners);
      if (answer != null) {
        placement.ranOnIoThread();
        answer.addListener(written -> finished.run());
        return;
      }
    }
    metrics.queued(requestBytes);
    try {
      handlers.execute(() -> {
        placement.ranOnHandler();
        metrics.dequeued(requestBytes);
        metrics.handlerStarted();
        ChannelFuture answer = null;
        try {
          answer = run(channel, call, scanners);
        } finally {
          metrics.handlerFinished();
          if (answer == null) { // run() itself failed: there is no answer to wait for
            finished.run();
          } else {
            answer.addListener(written -> finished.run());
          }
        }
      });
    } catch (RejectedExecutionException e) {
      metrics.dequeued(requestBytes);
      finished.run();
      refuse(channel, call, new CallQueueTooBigException("Call queue is full on " + channel.localAddress()
          + "; too many calls queued; retry later"));
    }
  }

  /**
   * From now on calls are answered with RegionServerStoppedException instead of being run, so that the calls in
   * flight can finish and none start behind them; clients retry once the server is back.
   */
  void stopAccepting() {
    stopping = true;
  }

  int inFlight() {
    return inFlight.get();
  }

  /** Waits until no call is running or queued, up to {@code timeoutMillis}; true if they all finished. */
  boolean awaitIdle(long timeoutMillis) throws InterruptedException {
    // The time waited against the limit, never now + limit, which wraps for a grace of centuries (Long.MAX_VALUE).
    long start = System.nanoTime();
    long limitNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    while (inFlight.get() > 0) {
      if (System.nanoTime() - start > limitNanos) {
        return false;
      }
      TimeUnit.MILLISECONDS.sleep(10);
    }
    return true;
  }

  /** Where the calls ran so far. */
  CallPlacement placement() {
    return placement;
  }

  /**
   * Parses a call and, if it is short, runs it here without waiting; returns the write of its answer (a failure to
   * parse is answered here too), or null when the call must go to a handler thread: it is not short, or it would
   * have waited, having changed nothing.
   */
  private ChannelFuture runWithoutWaiting(Channel channel, IncomingCall call, ScannerQuota scanners) {
    try {
      call.started();
      call.parse(dispatcher.get(), scanners);
      ServiceBinding.Method<?> method = call.method();
      if (!method.isShort(call.request()) || !waits.worthTrying(method.fullName())) {
        return null;
      }
      Optional<Message> response = method.tryWithoutWaiting(call.context(), call.request());
      waits.record(method.fullName(), response.isEmpty());
      if (response.isEmpty()) {
        placement.wouldHaveWaited();
        return null;
      }
      return respond(channel, call, response.get());
    } catch (IOException | RuntimeException | LinkageError e) {
      return answerFailure(channel, call, e);
    }
  }

  /** Runs a call, parsing it first unless that was done already, and writes its answer (or error). */
  private ChannelFuture run(Channel channel, IncomingCall call, ScannerQuota scanners) {
    try {
      call.started();
      call.parse(dispatcher.get(), scanners);
      return respond(channel, call, call.method().invoke(call.context(), call.request()));
    } catch (IOException | RuntimeException | LinkageError e) {
      return answerFailure(channel, call, e);
    }
  }

  /** Writes a call's answer, and records the call in the slow log if it was slow or large. */
  private ChannelFuture respond(Channel channel, IncomingCall call, Message response) throws IOException {
    List<Cell> cells = call.context().responseCells();
    ConnectionInfo connection = call.frame().connection();
    ByteBuf cellBlock = cells.isEmpty() ? null : CellBlocks.encode(channel.alloc(), connection.codec(), cells);
    // As HBase counts it: the answer's message and its cell block.
    long responseBytes = response.getSerializedSize() + (cellBlock == null ? 0 : cellBlock.readableBytes());
    metrics.answered(call, responseBytes, null);
    SlowLog slowLog = dispatcher.get().slowLog();
    if (slowLog.isOn()) {
      slowLog.record(call.answered(responseBytes));
    }
    return channel.writeAndFlush(Frames.response(channel.alloc(), call.callId(), response, cellBlock));
  }

  private ChannelFuture answerFailure(Channel channel, IncomingCall call, Throwable failure) {
    Throwable reported = failure;
    if (failure instanceof IllegalArgumentException) {
      // HBase's own request converters refuse what a client should not have sent (a row over 32767 bytes, say).
      reported = new DoNotRetryIOException("invalid " + call.methodName() + " request: " + failure.getMessage(),
          failure);
    } else if (!(failure instanceof IOException)) {
      LOG.error("Call {} ({}) failed unexpectedly", call.callId(), call.methodName(), failure);
    }
    ByteBuf error = Frames.error(channel.alloc(), call.callId(), RemoteErrors.toExceptionResponse(reported));
    metrics.answered(call, error.readableBytes(), reported);
    return channel.writeAndFlush(error);
  }

  /** Answers a call that will not run (the queue is full, or the server stopping) under the call's own id. */
  private void refuse(Channel channel, IncomingCall call, IOException reason) {
    metrics.failed(reason);
    channel.writeAndFlush(Frames.error(channel.alloc(), call.callId(), RemoteErrors.toExceptionResponse(reason)));
  }
}
