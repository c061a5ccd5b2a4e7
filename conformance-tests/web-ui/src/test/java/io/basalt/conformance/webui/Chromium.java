package io.basalt.conformance.webui;

import io.basalt.conformance.harness.DebianPackages;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Debian's Chromium and its ChromeDriver, which the browser tests drive: installed with apt-get when absent
 * ({@link DebianPackages}; a first install fetches about 100 MB), so that a fresh machine needs nothing by hand.
 * Nothing is downloaded from anywhere else: Selenium is told where both are and fetches no browser or driver.
 */
final class Chromium {
  static final Path BROWSER = Path.of("/usr/bin/chromium");
  static final Path DRIVER = Path.of("/usr/bin/chromedriver");

  private Chromium() {}

  /** Makes sure both are installed, or fails saying what went wrong and what to run by hand. */
  static void ensureInstalled() throws IOException, InterruptedException {
    DebianPackages.ensureInstalled(Map.of(BROWSER, "chromium", DRIVER, "chromium-driver"));
  }
}
