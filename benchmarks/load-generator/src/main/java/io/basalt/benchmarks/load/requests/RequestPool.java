package io.basalt.benchmarks.load.requests;

import io.basalt.benchmarks.load.wire.EncodedRequest;
import java.io.IOException;
import java.util.SplittableRandom;

/**
 * Requests of one operation to one server's regions, encoded before the run so that a call costs the client only
 * the copying of its bytes; a run draws from them at random. Single-row calls are drawn from 16,384 different
 * requests (rows), batches from 512 (51,200 rows).
 */
public final class RequestPool {
  private final EncodedRequest[] requests;

  private RequestPool(EncodedRequest[] requests) {
    this.requests = requests;
  }

  public static RequestPool of(Operation operation, RequestEncoder encoder, long seed) throws IOException {
    boolean batch = operation == Operation.MULTIGET100 || operation == Operation.MULTIPUT100;
    EncodedRequest[] requests = new EncodedRequest[batch ? 512 : 16_384];
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < requests.length; i++) {
      requests[i] = encoder.encode(operation, random);
    }
    return new RequestPool(requests);
  }

  public EncodedRequest next(SplittableRandom random) {
    return requests[random.nextInt(requests.length)];
  }
}
