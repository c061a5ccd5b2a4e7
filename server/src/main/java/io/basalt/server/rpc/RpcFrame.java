package io.basalt.server.rpc;

/**
 * One request frame (without its length prefix) and the connection it arrived on.
 *
 * @param framesBehind how many more of the connection's frames, whole or begun, were already waiting when this one
 *     was decoded, counted up to {@link #FRAMES_BEHIND_COUNTED}: a client sending faster than its calls are answered
 *     has them spread over handler threads
 */
record RpcFrame(byte[] bytes, ConnectionInfo connection, int framesBehind) {
  /** Waiting frames are counted up to this many: more change no decision. */
  static final int FRAMES_BEHIND_COUNTED = CallRunner.MAX_FRAMES_BEHIND_ON_IO_THREAD + 1;
}
