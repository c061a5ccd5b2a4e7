package io.basalt.server.rpc;

import io.basalt.hbase.logs.SlowLog;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.RpcDispatcher;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.rpc.ServiceBinding;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.ipc.ServerNotRunningYetException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;
import org.apache.hbase.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * One request frame on its way to an answer. Its header is read as soon as the frame arrives, for the call id every
 * answer needs; the method and the parameter are parsed once, where the call is first looked at, and the cell block
 * once, where the call first runs; what was parsed is kept for the handler thread if the call must run there.
 */
final class IncomingCall {
  private final RpcFrame frame;
  private final RequestHeader header;
  private final FrameReader reader;
  private ServiceBinding.Method<?> method;
  private Message request;
  private ScannerQuota scanners;
  private CallContext context;
  private long receivedNanos;
  private long startedNanos;

  private IncomingCall(RpcFrame frame, RequestHeader header, FrameReader reader) {
    this.frame = frame;
    this.header = header;
    this.reader = reader;
  }

  /**
   * Reads a frame's request header.
   *
   * @throws IOException when there is no readable header, and so no call id to answer under
   */
  static IncomingCall read(RpcFrame frame) throws IOException {
    FrameReader reader = new FrameReader(frame.bytes());
    FrameReader.Slice slice = reader.nextDelimited("request header");
    try {
      return new IncomingCall(frame,
          RequestHeader.parser().parseFrom(frame.bytes(), slice.offset(), slice.length()), reader);
    } catch (InvalidProtocolBufferException e) {
      throw new DoNotRetryIOException("unreadable request header: " + e.getMessage());
    }
  }

  /**
   * Marks the moment the call arrived. Every call is timed, as HBase times every call for its IPC metrics: the three
   * clock readings cost about 60 ns of a call's several microseconds.
   */
  void received() {
    receivedNanos = System.nanoTime();
  }

  /**
   * Marks the moment a thread first starts running the call: its time queued ends, its processing begins. A call
   * tried on an I/O thread and then handed to a handler started on the I/O thread.
   */
  void started() {
    if (startedNanos == 0) {
      startedNanos = System.nanoTime();
    }
  }

  /** Nanoseconds the call waited for a thread to run it. */
  long queuedNanos() {
    return startedNanos == 0 ? 0 : startedNanos - receivedNanos;
  }

  /** Nanoseconds since the call started running, at {@code nowNanos}. */
  long processingNanos(long nowNanos) {
    return startedNanos == 0 ? 0 : nowNanos - startedNanos;
  }

  /** Nanoseconds since the call arrived, at {@code nowNanos}. */
  long totalNanos(long nowNanos) {
    return nowNanos - receivedNanos;
  }

  /** What the slow log records of the answered call, its answer {@code responseBytes} long. */
  SlowLog.Call answered(long responseBytes) {
    long now = System.nanoTime();
    long startedMillis = System.currentTimeMillis() - TimeUnit.NANOSECONDS.toMillis(now - startedNanos);
    ConnectionInfo connection = frame.connection();
    String remote = connection.remoteAddress();
    String address = remote.substring(remote.indexOf('/') + 1); // InetSocketAddress writes host/ip:port
    return new SlowLog.Call(connection.serviceName(), header.getMethodName(), request, startedMillis,
        (int) TimeUnit.NANOSECONDS.toMillis(now - startedNanos),
        (int) TimeUnit.NANOSECONDS.toMillis(startedNanos - receivedNanos), responseBytes, address,
        connection.user().shortName());
  }

  int callId() {
    return header.getCallId();
  }

  String methodName() {
    return header.getMethodName();
  }

  RpcFrame frame() {
    return frame;
  }

  /**
   * Finds the method and parses the parameter, unless that was done already.
   *
   * @param services what the server serves; null while it is still starting
   */
  void parse(RpcDispatcher services, ScannerQuota scanners) throws IOException {
    if (method != null) {
      return;
    }
    if (!header.getRequestParam()) {
      throw new DoNotRetryIOException("request " + header.getMethodName() + " carries no parameter");
    }
    if (services == null) {
      throw new ServerNotRunningYetException("Basalt is still starting");
    }
    ConnectionInfo connection = frame.connection();
    ServiceBinding service = services.service(connection.serviceName()).orElseThrow(
        () -> new DoNotRetryIOException("service " + connection.serviceName() + " is not served"));
    ServiceBinding.Method<?> found = service.method(header.getMethodName());
    FrameReader.Slice param = reader.nextDelimited("request parameter");
    Message parsed = found.parse(frame.bytes(), param.offset(), param.length());
    if (header.hasCellBlockMeta()) {
      int length = header.getCellBlockMeta().getLength();
      if (length != reader.remaining()) {
        throw new DoNotRetryIOException("malformed request: cell block meta says " + length + " bytes but "
            + reader.remaining() + " follow the parameter");
      }
      if (connection.codec() == null) {
        throw new DoNotRetryIOException("request carries a cell block but the connection declared no codec");
      }
    }
    this.scanners = scanners;
    request = parsed;
    method = found;
  }

  /** The method called; only once {@link #parse parsed}. */
  ServiceBinding.Method<?> method() {
    return method;
  }

  /** The parameter; only once {@link #parse parsed}. */
  Message request() {
    return request;
  }

  /**
   * What the handler sees of the call, with the cells of the request's cell block, decoded on first use; only once
   * {@link #parse parsed}.
   */
  CallContext context() throws DoNotRetryIOException {
    if (context == null) {
      ConnectionInfo connection = frame.connection();
      List<Cell> cells = header.hasCellBlockMeta() ? CellBlocks.decode(connection.codec(), frame.bytes(),
          reader.position(), header.getCellBlockMeta().getLength()) : null;
      context = new CallContext(cells, connection.codec() != null, connection.user(), connection.remoteAddress(),
          header.getTimeout(), scanners);
    }
    return context;
  }
}
