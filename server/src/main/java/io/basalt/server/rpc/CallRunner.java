package io.basalt.server.rpc;

import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.RemoteErrors;
import io.basalt.hbase.rpc.RpcDispatcher;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.scanner.ScannerQuota;
import io.basalt.storage.NonBlocking;
import io.basalt.storage.WouldBlockException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.CallQueueTooBigException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.ipc.FatalConnectionException;
import org.apache.hadoop.hbase.ipc.ServerNotRunningYetException;
import org.apache.hadoop.hbase.regionserver.RegionServerStoppedException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;
import org.apache.hbase.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executes request frames: reads the request header, finds the method, parses the parameter and the request cell
 * block, invokes the handler and writes the response (or the exception) under the call's id. Tracks calls in
 * flight so a stopping server can let them finish.
 *
 * <p>Most calls run on the handler pool. A short call (one row's get or mutation) is first tried on the I/O thread
 * that decoded it, in a {@link NonBlocking} scope: that saves handing it to a handler and its answer back, two
 * thread wake-ups that cost more than the call itself. Where it would wait (a row lock held elsewhere, a block to
 * read from disk, a write stall, an fsync) it stops before changing anything and goes to the pool after all. A
 * frame decoded with more than {@link #MAX_FRAMES_BEHIND_ON_IO_THREAD} of its connection's frames waiting behind it
 * goes straight to the pool, so that a client with many calls outstanding on one connection (an HBase client's
 * threads share one) still has them run in parallel; and a method whose calls have lately mostly had to go to the
 * pool is tried on the I/O thread only now and then ({@link WaitHistory}).
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
  private volatile boolean stopping;

  CallRunner(Supplier<RpcDispatcher> dispatcher, ExecutorService handlers, boolean shortCallsOnIoThreads) {
    this.dispatcher = dispatcher;
    this.handlers = handlers;
    this.shortCallsOnIoThreads = shortCallsOnIoThreads;
  }

  /**
   * Queues a call for a handler thread. It counts as in flight, for the server and for its connection, until its
   * answer has left for the socket, so a stopping server does not close connections under answers being written.
   */
  void submit(Channel channel, RpcFrame frame, ConnectionActivity activity, ScannerQuota scanners) {
    if (stopping) {
      refuse(channel, frame, new RegionServerStoppedException("Basalt on " + channel.localAddress()
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
      ChannelFuture answer = runWithoutWaiting(channel, frame, scanners);
      if (answer != null) {
        placement.ranOnIoThread();
        answer.addListener(written -> finished.run());
        return;
      }
    }
    try {
      handlers.execute(() -> {
        placement.ranOnHandler();
        ChannelFuture answer = null;
        try {
          answer = run(channel, frame, scanners, false);
        } finally {
          if (answer == null) { // run() itself failed: there is no answer to wait for
            finished.run();
          } else {
            answer.addListener(written -> finished.run());
          }
        }
      });
    } catch (RejectedExecutionException e) {
      finished.run();
      refuse(channel, frame, new CallQueueTooBigException("Call queue is full on " + channel.localAddress()
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

  /**
   * Runs a short call on this thread if it can finish without waiting, and writes its answer; returns that write,
   * or null when the call must go to a handler thread (it is not short, or it would have waited).
   */
  private ChannelFuture runWithoutWaiting(Channel channel, RpcFrame frame, ScannerQuota scanners) {
    try (NonBlocking.Scope ignored = NonBlocking.enter()) {
      return run(channel, frame, scanners, true);
    } catch (NotShortException e) {
      return null;
    } catch (WouldBlockException e) {
      placement.wouldHaveWaited();
      return null;
    }
  }

  /**
   * Runs one call and writes its answer (or error); returns that write. With {@code onlyShort}, a call that is not
   * short throws {@link NotShortException} before its handler runs.
   */
  private ChannelFuture run(Channel channel, RpcFrame frame, ScannerQuota scanners, boolean onlyShort) {
    RequestReader reader = new RequestReader(frame.bytes());
    RequestHeader header;
    try {
      RequestReader.Slice slice = reader.nextDelimited("request header");
      header = RequestHeader.parser().parseFrom(frame.bytes(), slice.offset(), slice.length());
    } catch (IOException e) {
      // Without a header there is no call id to answer: the stream can no longer be trusted.
      return channel.writeAndFlush(Frames.connectionError(channel.alloc(), FatalConnectionException.class,
          "unreadable request header: " + e.getMessage(), true)).addListener(ChannelFutureListener.CLOSE);
    }
    int callId = header.getCallId();
    try {
      Invocation call = invoke(header, reader, frame, scanners, onlyShort);
      return respond(channel, callId, call.response(), frame.connection(), call.context().responseCells());
    } catch (WouldBlockException | NotShortException e) {
      throw e; // nothing was done or answered: the call runs again where it may wait
    } catch (IOException e) {
      return channel.writeAndFlush(Frames.error(channel.alloc(), callId, RemoteErrors.toExceptionResponse(e)));
    } catch (IllegalArgumentException e) {
      // HBase's own request converters refuse what a client should not have sent (a row over 32767 bytes, say).
      return channel.writeAndFlush(Frames.error(channel.alloc(), callId, RemoteErrors.toExceptionResponse(
          new DoNotRetryIOException("invalid " + header.getMethodName() + " request: " + e.getMessage(), e))));
    } catch (RuntimeException | LinkageError e) {
      LOG.error("Call {} ({}) failed unexpectedly", callId, header.getMethodName(), e);
      return channel.writeAndFlush(Frames.error(channel.alloc(), callId, RemoteErrors.toExceptionResponse(e)));
    }
  }

  /** Where the calls ran so far. */
  CallPlacement placement() {
    return placement;
  }

  /** A call tried on a network thread that is not short: it goes to a handler before anything is done. */
  private static final class NotShortException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotShortException() {
      super(null, null, false, false);
    }
  }

  /** A handled call: its context (holding any response cells) and its response message. */
  private record Invocation(CallContext context, Message response) {}

  private Invocation invoke(RequestHeader header, RequestReader reader, RpcFrame frame, ScannerQuota scanners,
      boolean onlyShort) throws IOException {
    if (!header.getRequestParam()) {
      throw new DoNotRetryIOException("request " + header.getMethodName() + " carries no parameter");
    }
    RpcDispatcher services = dispatcher.get();
    if (services == null) {
      throw new ServerNotRunningYetException("Basalt is still starting");
    }
    ConnectionInfo connection = frame.connection();
    ServiceBinding service = services.service(connection.serviceName()).orElseThrow(
        () -> new DoNotRetryIOException("service " + connection.serviceName() + " is not served"));
    ServiceBinding.Method<?> method = service.method(header.getMethodName());
    RequestReader.Slice param = reader.nextDelimited("request parameter");
    Message request = method.parse(frame.bytes(), param.offset(), param.length());
    if (onlyShort && (!method.isShort(request) || !waits.worthTrying(method.fullName()))) {
      throw new NotShortException();
    }
    CellScanner cells = null;
    if (header.hasCellBlockMeta()) {
      int length = header.getCellBlockMeta().getLength();
      if (length != reader.remaining()) {
        throw new DoNotRetryIOException("malformed request: cell block meta says " + length + " bytes but "
            + reader.remaining() + " follow the parameter");
      }
      if (connection.codec() == null) {
        throw new DoNotRetryIOException("request carries a cell block but the connection declared no codec");
      }
      cells = CellBlocks.decode(connection.codec(), frame.bytes(), reader.position(), length);
    }
    CallContext context = new CallContext(cells, connection.codec() != null, connection.user(),
        header.getTimeout(), scanners);
    if (!onlyShort) {
      return new Invocation(context, method.invoke(context, request));
    }
    Message response;
    try {
      response = method.invoke(context, request);
    } catch (WouldBlockException e) {
      waits.record(method.fullName(), true);
      throw e;
    }
    waits.record(method.fullName(), false);
    return new Invocation(context, response);
  }

  private static ChannelFuture respond(Channel channel, int callId, Message response, ConnectionInfo connection,
      List<Cell> cells) throws IOException {
    ByteBuf cellBlock = cells.isEmpty() ? null : CellBlocks.encode(channel.alloc(), connection.codec(), cells);
    return channel.writeAndFlush(Frames.response(channel.alloc(), callId, response, cellBlock));
  }

  /** Answers a call that will not run (the queue is full, or the server stopping) under the call's own id. */
  private static void refuse(Channel channel, RpcFrame frame, IOException reason) {
    int callId = Frames.CONNECTION_CALL_ID;
    try {
      RequestReader.Slice slice = new RequestReader(frame.bytes()).nextDelimited("request header");
      callId = RequestHeader.parser().parseFrom(frame.bytes(), slice.offset(), slice.length()).getCallId();
    } catch (DoNotRetryIOException | InvalidProtocolBufferException e) {
      LOG.debug("Refused call has no readable header", e);
    }
    channel.writeAndFlush(Frames.error(channel.alloc(), callId, RemoteErrors.toExceptionResponse(reason)));
  }
}
