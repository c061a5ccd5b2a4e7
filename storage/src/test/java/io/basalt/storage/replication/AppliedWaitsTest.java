package io.basalt.storage.replication;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** A wait for an entry ends when that entry, or a later one, is applied, and fails when the replica closes. */
class AppliedWaitsTest {
  @Test
  void aWaitEndsWhenItsEntryOrALaterOneIsApplied() {
    AppliedWaits waits = new AppliedWaits();
    waits.applied(3);
    assertTrue(waits.whenApplied(3).isDone(), "entry 3 is applied already");
    CompletableFuture<Void> five = waits.whenApplied(5);
    CompletableFuture<Void> seven = waits.whenApplied(7);
    waits.applied(4);
    assertFalse(five.isDone());
    waits.applied(6); // entry 5 applied with a Ratis entry of its own after it, say
    assertTrue(five.isDone() && !five.isCompletedExceptionally());
    assertFalse(seven.isDone());
    waits.applied(7);
    assertTrue(seven.isDone());
  }

  @Test
  void waitsFailWhenTheReplicaCloses() {
    AppliedWaits waits = new AppliedWaits();
    CompletableFuture<Void> pending = waits.whenApplied(1);
    waits.closed();
    assertThrows(ExecutionException.class, pending::get);
    assertTrue(waits.whenApplied(2).isCompletedExceptionally(), "nothing more is applied after the close");
  }
}
