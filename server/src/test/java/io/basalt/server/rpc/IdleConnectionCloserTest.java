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
    long late = lateCheckClosingNothing();
    // Had the loop read a request meanwhile, a call would now be running; it did not, so the next check closes.
    assertTrue(closer.closeDue(late + period));
  }

  @Test
  void aLateCheckDoesNotCloseAConnectionWhoseRequestWasReadBeforeTheNextCheck() {
    long late = lateCheckClosingNothing();
    activity.progressed(late + 1);
    activity.callStarted();
    assertFalse(closer.closeDue(late + period));
  }

  /** A first check, quiet since the start, come only once the event loop was free again well past the idle time. */
  private long lateCheckClosingNothing() {
    closer.activeSince(START);
    long late = START + TimeUnit.MILLISECONDS.toNanos(3 * IDLE_MILLIS);
    assertFalse(closer.closeDue(late), "whatever the client sent meanwhile may not have been read yet");
    return late;
  }
}
