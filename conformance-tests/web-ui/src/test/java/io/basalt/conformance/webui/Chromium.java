package io.basalt.conformance.webui;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's Chromium and its ChromeDriver, which the browser tests drive: installed with apt-get when absent (after
 * refreshing the package index if the install fails on a stale one), so that a fresh machine needs nothing by hand.
 * Nothing is downloaded from anywhere else: Selenium is told where both are and fetches no browser or driver.
 */
final class Chromium {
  static final Path BROWSER = Path.of("/usr/bin/chromium");
  static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  private static final List<String> PACKAGES = List.of("chromium", "chromium-driver");
  /** A first install fetches about 100 MB of packages. */
  private static final long APT_MINUTES = 20;

  private Chromium() {}

  /** Makes sure both are installed, or fails saying what went wrong and what to run by hand. */
  static synchronized void ensureInstalled() throws IOException, InterruptedException {
    if (installed()) {
      return;
    }
    List<String> install = new ArrayList<>(List.of("apt-get", "install", "-y", "--no-install-recommends"));
    install.addAll(PACKAGES);
    Result first = run(install);
    if (first.status() != 0) {
      Result update = run(List.of("apt-get", "update"));
      Result second = update.status() == 0 ? run(install) : update;
      if (second.status() != 0) {
        throw new IllegalStateException("The browser tests need Debian's " + String.join(" and ", PACKAGES)
            + " and could not install them (apt-get must run as root and reach Debian's archive). Install them "
            + "with: apt-get update && apt-get install -y " + String.join(" ", PACKAGES) + "\napt-get said:\n"
            + second.output());
      }
    }
    if (!installed()) {
      throw new IllegalStateException("apt-get installed " + PACKAGES + " but " + BROWSER + " or " + DRIVER
          + " is still missing");
    }
  }

  private static boolean installed() {
    return Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER);
  }

  private record Result(int status, String output) {}

  private static Result run(List<String> command) throws IOException, InterruptedException {
    Path log = Files.createTempFile("apt-get-", ".log");
    try {
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
      Process process;
      try {
        process = builder.start();
      } catch (IOException e) {
        return new Result(-1, "cannot run " + command + ": " + e.getMessage());
      }
      if (!process.waitFor(APT_MINUTES, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
        return new Result(-1, String.join(" ", command) + " did not finish within " + APT_MINUTES + " minutes");
      }
      String output = Files.readString(log, StandardCharsets.UTF_8);
      return new Result(process.exitValue(), tail(output));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private static String tail(String output) {
    List<String> lines = output.lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
  }
}
