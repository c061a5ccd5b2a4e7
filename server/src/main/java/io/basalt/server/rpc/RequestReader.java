package io.basalt.server.rpc;

import org.apache.hadoop.hbase.DoNotRetryIOException;

/** Walks a request frame: varint-delimited messages followed by an optional cell block. */
final class RequestReader {
  private final byte[] bytes;
  private int position;

  /** Where one message lies in the frame. */
  record Slice(int offset, int length) {}

  RequestReader(byte[] bytes) {
    this.bytes = bytes;
  }

  int position() {
    return position;
  }

  int remaining() {
    return bytes.length - position;
  }

  /** Reads a varint length prefix and the message it announces. */
  Slice nextDelimited(String what) throws DoNotRetryIOException {
    int length = readVarint32(what);
    if (length < 0 || length > remaining()) {
      throw new DoNotRetryIOException("malformed request: " + what + " of " + length + " bytes does not fit the "
          + remaining() + " bytes left in the frame");
    }
    Slice slice = new Slice(position, length);
    position += length;
    return slice;
  }

  private int readVarint32(String what) throws DoNotRetryIOException {
    int result = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (position >= bytes.length) {
        throw new DoNotRetryIOException("malformed request: truncated length of " + what);
      }
      byte b = bytes[position++];
      result |= (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return result;
      }
    }
    throw new DoNotRetryIOException("malformed request: over-long length of " + what);
  }
}
