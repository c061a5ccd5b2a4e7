package io.basalt.server.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** What a library prints on standard output becomes log records; the server's own line still goes out. */
class StandardOutputLogTest {
  @Test
  void printedLinesAreLoggedAndTheClaimedStreamCarriesOnlyWhatTheServerWrites() {
    PrintStream before = System.out;
    ByteArrayOutputStream realOut = new ByteArrayOutputStream();
    List<String> logged = new ArrayList<>();
    Handler collector = new Handler() {
      @Override
      public void publish(LogRecord record) {
        Object[] parameters = record.getParameters();
        logged.add(parameters == null ? record.getMessage() : String.valueOf(parameters[0]));
      }

      @Override
      public void flush() {
      }

      @Override
      public void close() {
      }
    };
    Logger stdoutLogger = Logger.getLogger("stdout");
    stdoutLogger.addHandler(collector);
    System.setOut(new PrintStream(realOut, true, StandardCharsets.UTF_8));
    try {
      PrintStream claimed = StandardOutputLog.claim();
      System.out.println("Removing file: Nov 27, 2026\t/data/zookeeper/version-2/log.100000001");
      System.out.print("no line end yet");
      System.out.print(", now\r\n");
      claimed.println("Basalt ready: zookeeper=127.0.0.1:2181 rpc=127.0.0.1:16020");
      assertEquals("Basalt ready: zookeeper=127.0.0.1:2181 rpc=127.0.0.1:16020\n",
          realOut.toString(StandardCharsets.UTF_8).replace("\r\n", "\n"));
      assertEquals(List.of("Removing file: Nov 27, 2026\t/data/zookeeper/version-2/log.100000001",
          "no line end yet, now"), logged);
    } finally {
      System.setOut(before);
      stdoutLogger.removeHandler(collector);
    }
  }
}
