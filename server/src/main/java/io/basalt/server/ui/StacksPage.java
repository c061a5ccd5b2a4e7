package io.basalt.server.ui;

import io.basalt.server.info.WebPages;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Instant;

/**
 * {@code /stacks}: every thread's state and whole stack, as plain text (the JDK's {@code ThreadInfo.toString} cuts
 * stacks at eight frames, which hides where a handler waits). Locks held and waited for are shown where the JVM
 * can tell.
 */
final class StacksPage implements Handler {
  @Override
  public WebPages.Page answer(Query query) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    ThreadInfo[] all = threads.dumpAllThreads(threads.isObjectMonitorUsageSupported(),
        threads.isSynchronizerUsageSupported());
    StringBuilder out = new StringBuilder(64 * 1024);
    out.append("Thread dump of Basalt at ").append(Instant.now()).append(": ").append(all.length)
        .append(" threads\n");
    for (ThreadInfo thread : all) {
      out.append('\n').append('"').append(thread.getThreadName()).append("\" id=").append(thread.getThreadId())
          .append(thread.isDaemon() ? " daemon" : "").append(" priority=").append(thread.getPriority())
          .append(' ').append(thread.getThreadState());
      if (thread.getLockName() != null) {
        out.append(" on ").append(thread.getLockName());
      }
      if (thread.getLockOwnerName() != null) {
        out.append(" owned by \"").append(thread.getLockOwnerName()).append("\" id=").append(thread.getLockOwnerId());
      }
      out.append("\n  blocked ").append(thread.getBlockedCount()).append(" times, waited ")
          .append(thread.getWaitedCount()).append(" times\n");
      StackTraceElement[] stack = thread.getStackTrace();
      MonitorInfo[] monitors = thread.getLockedMonitors();
      for (int depth = 0; depth < stack.length; depth++) {
        out.append("    at ").append(stack[depth]).append('\n');
        for (MonitorInfo monitor : monitors) {
          if (monitor.getLockedStackDepth() == depth) {
            out.append("      holds ").append(monitor).append('\n');
          }
        }
      }
      LockInfo[] synchronizers = thread.getLockedSynchronizers();
      for (LockInfo lock : synchronizers) {
        out.append("  holds ").append(lock).append('\n');
      }
    }
    return Answers.text(200, "text/plain; charset=utf-8", out.toString());
  }
}
