package io.basalt.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.info.WebPages;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** HBase's level names over java.util.logging, and who may set them. */
class LogLevelPageTest {
  @Test
  void hbaseLevelsMapToJavaUtilLoggingLevelsBothWays() {
    assertEquals(Level.FINEST, LogLevels.julLevel("TRACE"));
    assertEquals(Level.FINE, LogLevels.julLevel("debug"));
    assertEquals(Level.INFO, LogLevels.julLevel("Info"));
    assertEquals(Level.WARNING, LogLevels.julLevel("WARN"));
    assertEquals(Level.SEVERE, LogLevels.julLevel("ERROR"));
    assertNull(LogLevels.julLevel("LOUD"));
    for (String name : LogLevels.NAMES) {
      assertEquals(name, LogLevels.hbaseName(LogLevels.julLevel(name)), name);
    }
    assertEquals("DEBUG", LogLevels.hbaseName(Level.CONFIG));
    assertEquals("TRACE", LogLevels.hbaseName(Level.FINER));
  }

  @Test
  void aLevelSetOnAPackageOutlivesCollectionsAndReachesItsClasses() throws Exception {
    LogLevels levels = new LogLevels();
    levels.set("io.basalt.test.held", "TRACE");
    System.gc();
    assertEquals(Level.FINEST, Logger.getLogger("io.basalt.test.held").getLevel());
    LogLevels.Effective effective = levels.effective("io.basalt.test.held.SomeClass");
    assertEquals("TRACE", effective.level());
    assertEquals("io.basalt.test.held", effective.setOn());
  }

  @Test
  void withAuthorizationOnOrTheUiReadOnlyLevelsAreShownButNotSet() throws Exception {
    Map<String, String> refusing = Map.of("hbase.security.authorization", "true",
        "hadoop.security.authorization", "TRUE", "hbase.master.ui.readonly", "true");
    for (Map.Entry<String, String> setting : refusing.entrySet()) {
      LogLevelPage page = LogLevelPage.of(new LogLevels(), BasaltConfig.of(Map.of(setting.getKey(),
          setting.getValue())));
      WebPages.Page refused = page.answer(new Query(Map.of("log", List.of("io.basalt.test.refused"),
          "level", List.of("DEBUG"))));
      assertEquals(403, refused.status(), setting.getKey());
      assertNull(Logger.getLogger("io.basalt.test.refused").getLevel());
      String body = new String(refused.body(), StandardCharsets.UTF_8);
      assertTrue(body.contains("Not set: " + setting.getKey()), body);
      assertFalse(body.contains("Set its level"), "no form to set levels: " + body);
    }
    WebPages.Page allowed = LogLevelPage.of(new LogLevels(), BasaltConfig.of()).answer(new Query(Map.of()));
    assertTrue(new String(allowed.body(), StandardCharsets.UTF_8).contains("Set its level"));
  }
}
