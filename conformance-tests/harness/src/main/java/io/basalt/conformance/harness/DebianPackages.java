package io.basalt.conformance.harness;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Debian packages a test needs (a client program, a compiler, a library), installed with apt-get when absent, after
 * refreshing the package index if the install fails on a stale one: a fresh machine needs nothing done by hand, and
 * nothing comes from anywhere but Debian's archive.
 */
public final class DebianPackages {
  private static final long APT_MINUTES = 20;
  /**
   * Waits for dpkg's lock instead of failing at once: the build runs modules in parallel (.mvn/maven.config), and
   * two of them (the browser tests and the gateways' clients) may install packages at the same moment.
   */
  private static final String WAIT_FOR_LOCK = "-oDPkg::Lock::Timeout=" + APT_MINUTES * 60;

  private DebianPackages() {}

  /**
   * Makes sure each package is installed, telling by a file it installs; or fails saying what went wrong and what
   * to run by hand. {@code packagesByFile} maps each such file to its package.
   */
  public static synchronized void ensureInstalled(Map<Path, String> packagesByFile)
      throws IOException, InterruptedException {
    List<String> missing = new ArrayList<>();
    packagesByFile.forEach((file, name) -> {
      if (!Files.exists(file) && !missing.contains(name)) {
        missing.add(name);
      }
    });
    if (missing.isEmpty()) {
      return;
    }
    List<String> install = new ArrayList<>(List.of("apt-get", WAIT_FOR_LOCK, "install", "-y",
        "--no-install-recommends"));
    install.addAll(missing);
    Result first = run(install);
    if (first.status() != 0) {
      Result update = run(List.of("apt-get", WAIT_FOR_LOCK, "update"));
      Result second = update.status() == 0 ? run(install) : update;
      if (second.status() != 0) {
        throw new IllegalStateException("These tests need Debian's " + String.join(", ", missing)
            + " and could not install them (apt-get must run as root and reach Debian's archive). Install them "
            + "with: apt-get update && apt-get install -y " + String.join(" ", missing) + "\napt-get said:\n"
            + second.output());
      }
    }
    packagesByFile.forEach((file, name) -> {
      if (!Files.exists(file)) {
        throw new IllegalStateException("apt-get installed " + name + " but " + file + " is still missing");
      }
    });
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
      List<String> lines = Files.readString(log, StandardCharsets.UTF_8).lines().toList();
      return new Result(process.exitValue(),
          String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size())));
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
