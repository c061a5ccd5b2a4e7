package io.basalt.conformance.rawrpc;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ExceptionResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ResponseHeader;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.apache.hbase.thirdparty.com.google.protobuf.Parser;

/** One response frame: its header, and the bytes after it (the result message and any cell block). */
public record RpcResponse(ResponseHeader header, byte[] frame, int bodyOffset) {
  static RpcResponse parse(byte[] frame) throws IOException {
    ByteArrayInputStream in = new ByteArrayInputStream(frame);
    ResponseHeader header = ResponseHeader.parseDelimitedFrom(in);
    if (header == null) {
      throw new IOException("empty response frame");
    }
    return new RpcResponse(header, frame, frame.length - in.available());
  }

  public int callId() {
    return header.getCallId();
  }

  public boolean isError() {
    return header.hasException();
  }

  public ExceptionResponse exception() {
    return header.getException();
  }

  /** The exception class name, or null for a successful answer. */
  public String exceptionClass() {
    return isError() ? header.getException().getExceptionClassName() : null;
  }

  /** The result message of a successful answer. */
  public <T extends Message> T result(Parser<T> parser) throws IOException {
    return parser.parseDelimitedFrom(new ByteArrayInputStream(frame, bodyOffset, frame.length - bodyOffset));
  }

  @Override
  public String toString() {
    return isError() ? "call " + callId() + " failed: " + exceptionClass() + ": " + firstLine(exception()
        .getStackTrace()) : "call " + callId() + " answered";
  }

  private static String firstLine(String text) {
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }
}
