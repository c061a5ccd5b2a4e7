package io.basalt.hbase.write;

import org.apache.hadoop.hbase.client.Mutation;

/** A mutation and the nonce its client attached to it (0 when none), which makes retries of it safe. */
public record NoncedMutation(Mutation mutation, long nonce) {}
