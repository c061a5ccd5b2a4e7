package io.basalt.conformance.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The Java heap of another JVM on this machine, read with the JDK's {@code jcmd}. */
public final class JvmHeap {
  private static final Pattern USED = Pattern.compile("used (\\d+)K");

  private JvmHeap() {}

  /** Runs a full collection in JVM {@code pid}, then returns the bytes its heap still uses. */
  public static long usedAfterFullGc(long pid) throws IOException {
    jcmd(pid, "GC.run");
    String info = jcmd(pid, "GC.heap_info");
    long usedKb = 0;
    // The heap's own lines come before the Metaspace lines; a generational heap has one line per generation.
    for (String line : info.split("\n")) {
      if (line.trim().startsWith("Metaspace")) {
        break;
      }
      if (line.contains("total") && line.contains("used")) {
        Matcher used = USED.matcher(line);
        if (used.find()) {
          usedKb += Long.parseLong(used.group(1));
        }
      }
    }
    if (usedKb == 0) {
      throw new IOException("no heap figures in jcmd's answer:\n" + info);
    }
    return usedKb * 1024;
  }

  /** Runs one {@code jcmd} command against JVM {@code pid} and returns what it printed. */
  static String jcmd(long pid, String command) throws IOException {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command)
        .redirectErrorStream(true).start();
    try (InputStream out = process.getInputStream()) {
      String text = new String(out.readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IOException("jcmd " + pid + " " + command + " failed:\n" + text);
      }
      return text;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running jcmd", e);
    } finally {
      process.destroy();
    }
  }
}
