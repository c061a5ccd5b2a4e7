package io.basalt.gateways;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C in the terminal of a foreground Basalt interrupts every process of its process group, this child JVM too.
 * The gateways ignore it: Basalt stops them itself, first thing in its own stop, by closing their standard input,
 * so that they stop in that order and their exit is never mistaken for a crash. SIGTERM still ends them as usual.
 * ({@code sun.misc.Signal} is in the JDK's jdk.unsupported module, kept for exactly such uses: javac warns of it.)
 */
final class TerminalInterrupts {
  private TerminalInterrupts() {}

  static void ignore() {
    Signal.handle(new Signal("INT"), SignalHandler.SIG_IGN);
  }
}
