package io.basalt.benchmarks.load.wire;

/**
 * One call encoded before the run, all but its call id: the request header's other fields ({@code headerTail}, the
 * method name, an empty trace, {@code request_param}, the cell block's length, the timeout) and what follows the
 * header ({@code body}: the length-prefixed request message, then any cell block). Protobuf lets a message's fields
 * come in any order, so the call id's field is written in front of the tail at send time.
 *
 * @param payload what a checked run compares the answer with (the call's rows); null where nothing is checked
 */
public record EncodedRequest(String method, byte[] headerTail, byte[] body, Object payload) {}
