package io.basalt.server.rpc;

import java.io.IOException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hbase.thirdparty.com.google.protobuf.CodedInputStream;

/**
 * Walks a request frame: varint-delimited messages (the request header, the parameter) followed by an optional
 * cell block. Varints and bounds are protobuf's own ({@link CodedInputStream}); what it refuses becomes a
 * DoNotRetryIOException naming the part of the request at fault.
 */
final class FrameReader {
  private final byte[] bytes;
  private final CodedInputStream in;

  /** Where one message lies in the frame. */
  record Slice(int offset, int length) {}

  FrameReader(byte[] bytes) {
    this.bytes = bytes;
    this.in = CodedInputStream.newInstance(bytes);
  }

  /** The offset of the next unread byte. */
  int position() {
    return in.getTotalBytesRead();
  }

  int remaining() {
    return bytes.length - position();
  }

  /** Reads a varint length prefix and steps over the message it announces. */
  Slice nextDelimited(String what) throws DoNotRetryIOException {
    try {
      int length = in.readRawVarint32();
      int offset = position();
      in.skipRawBytes(length); // refuses a negative length or one past the frame's end
      return new Slice(offset, length);
    } catch (IOException e) { // an array-backed stream fails only with InvalidProtocolBufferException
      throw new DoNotRetryIOException("malformed request: the " + what + " does not fit the frame of "
          + bytes.length + " bytes (" + e.getMessage() + ")");
    }
  }
}
