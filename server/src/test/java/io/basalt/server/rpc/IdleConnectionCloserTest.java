package io.basalt.server.rpc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class IdleConnectionCloserTest {
  private static final long IDLE_MILLIS = 400;
  private static final long START = 1_000_000_000L;

  private final ConnectionActivity activity = new ConnectionActivity(START);
  private final IdleConnectionCloser closer = new IdleConnectionCloser(activity, IDLE_MILLIS);
  private final long period = closer.periodNanos();

  @Test
  void aConnectionQuietForTheIdleTimeIsClosedByACheckOnTime() {
    closer.activeSince(START);
    long now = START;
    for (int i = 0; i < 3; i++) {
      now += period;
      assertFalse(closer.closeDue(now), "quiet for only " + (now - START) + " ns");
    }
    assertTrue(closer.closeDue(now + period));
  }

  @Test
  void aConnectionWithACallRunningIsNotIdle() {
    closer.activeSince(START);
    activity.callStarted();
    long now = START;
    for (int i = 0; i < 10; i++) {
      now += period;
      assertFalse(closer.closeDue(now));
    }
    activity.callFinished(now);
    assertFalse(closer.closeDue(now + period));
  }

  @Test
  void aLateCheckClosesNothingAndTheNextOnTimeDecides() {
    closer.activeSince(START);
    // The event loop was busy well past the idle time: whatever the client sent may not have been read yet.
    long late = START + TimeUnit.MILLISECONDS.toNanos(3 * IDLE_MILLIS);
    assertFalse(closer.closeDue(late));
    // Had the loop read a request meanwhile, a call would now be running; it did not, so the next check closes.
    assertTrue(closer.closeDue(late + period));
  }

  @Test
  void aLateCheckDoesNotCloseAConnectionWhoseRequestWasReadBeforeTheNextCheck() {
    closer.activeSince(START);
    long late = START + TimeUnit.MILLISECONDS.toNanos(3 * IDLE_MILLIS);
    assertFalse(closer.closeDue(late));
    activity.progressed(late + 1);
    activity.callStarted();
    assertFalse(closer.closeDue(late + period));
  }
}
