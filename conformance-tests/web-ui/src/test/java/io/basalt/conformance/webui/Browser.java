package io.basalt.conformance.webui;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One headless Chromium for a test class, with a profile of its own, a 1280x800 window, and its console kept:
 * what the pages log is read after each step, and anything logged as an error fails the test. Screenshots go to
 * target/screenshots, and with {@code -Dbasalt.writeDocs=true} also to docs/images as {@code ui-<page>.png}.
 */
final class Browser implements AutoCloseable {
  private static final Path SCREENSHOTS = Path.of("target", "screenshots");
  private static final Path DOC_IMAGES = Path.of("..", "..", "docs", "images");
  private static final int WIDTH = 1280;
  private static final int HEIGHT = 800;

  private final ChromeDriver driver;
  private final Path profile;

  private Browser(ChromeDriver driver, Path profile) {
    this.driver = driver;
    this.profile = profile;
  }

  static Browser start() throws IOException {
    Path profile = Files.createTempDirectory("chromium-profile-");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(Chromium.BROWSER.toFile());
    // The closed network refuses Chromium's own connections (updates, sync, field trials) unless they are off.
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--user-data-dir=" + profile, "--window-size=" + WIDTH + "," + HEIGHT, "--hide-scrollbars", "--lang=en-US");
    LoggingPreferences logging = new LoggingPreferences();
    logging.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logging);
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(Chromium.DRIVER.toFile()).usingAnyFreePort().build();
    try {
      ChromeDriver driver = new ChromeDriver(service, options);
      // The window's size is not the page's (headless Chromium keeps room for a frame): the page gets 1280x800.
      driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", WIDTH, "height", HEIGHT,
          "deviceScaleFactor", 1, "mobile", false));
      return new Browser(driver, profile);
    } catch (RuntimeException e) {
      BasaltServerExtension.deleteRecursively(profile);
      throw e;
    }
  }

  void open(String url) {
    driver.get(url);
  }

  String url() {
    return driver.getCurrentUrl();
  }

  /**
   * Clicks {@code element} and waits (up to 10 s) until the browser shows a page whose address holds {@code part}: a
   * click that submits a form returns before the next page has loaded.
   */
  void clickAndAwait(WebElement element, String part) {
    element.click();
    new WebDriverWait(driver, Duration.ofSeconds(10)).until(ExpectedConditions.urlContains(part));
  }

  String title() {
    return driver.getTitle();
  }

  String source() {
    return driver.getPageSource();
  }

  WebElement find(String css) {
    return driver.findElement(By.cssSelector(css));
  }

  List<WebElement> findAll(String css) {
    return driver.findElements(By.cssSelector(css));
  }

  /**
   * The rows of the table {@code css} selects that have cells, each as its cells' texts, read in one call: a call per
   * cell would cost a round trip each (a thousand for a page of tables, ten seconds).
   */
  @SuppressWarnings("unchecked")
  List<List<String>> rows(String css) {
    Object rows = driver.executeScript("return Array.from(document.querySelectorAll(arguments[0] + ' tr'))"
        + ".map(row => Array.from(row.querySelectorAll('td')).map(cell => cell.innerText.trim()))"
        + ".filter(cells => cells.length > 0);", css);
    return (List<List<String>>) rows;
  }

  /** The driver, for waits. */
  org.openqa.selenium.WebDriver driver() {
    return driver;
  }

  /** What a script run in the page returns. */
  Object script(String script, Object... arguments) {
    return driver.executeScript(script, arguments);
  }

  /**
   * Moves the pointer to {@code (x, y)} of the element, counted from its top left corner. The element is scrolled to
   * the top of the window first: WebDriver counts the offset from the middle of the element's visible part.
   */
  void pointAt(WebElement element, int x, int y) {
    driver.executeScript("arguments[0].scrollIntoView({block: 'start', inline: 'start'});", element);
    org.openqa.selenium.Rectangle box = element.getRect();
    new Actions(driver).moveToElement(element, x - box.getWidth() / 2, y - box.getHeight() / 2).perform();
  }

  /** The link whose text is {@code text}. */
  WebElement link(String text) {
    return driver.findElement(By.linkText(text));
  }

  /** What the console logged since the last call. */
  List<LogEntry> console() {
    return driver.manage().logs().get(LogType.BROWSER).getAll();
  }

  /** Saves the page as it shows now as {@code <name>.png}. */
  void screenshot(String name) throws IOException {
    Files.createDirectories(SCREENSHOTS);
    Path file = SCREENSHOTS.resolve(name + ".png");
    Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
    if (Boolean.getBoolean("basalt.writeDocs")) {
      Files.createDirectories(DOC_IMAGES);
      Files.copy(file, DOC_IMAGES.resolve("ui-" + name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  @Override
  public void close() throws IOException {
    try {
      driver.quit();
    } finally {
      BasaltServerExtension.deleteRecursively(profile);
    }
  }
}
