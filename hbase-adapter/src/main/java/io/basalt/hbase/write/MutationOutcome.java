package io.basalt.hbase.write;

import java.io.IOException;
import org.apache.hadoop.hbase.client.Result;

/** What became of one mutation of a batch: its result (empty for Put and Delete) or the error that stopped it. */
public record MutationOutcome(Result result, IOException error) {

  static MutationOutcome applied(Result result) {
    return new MutationOutcome(result, null);
  }

  static MutationOutcome failed(IOException error) {
    return new MutationOutcome(null, error);
  }
}
