package io.basalt.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The shipped conf/basalt-site.xml lists every setting with its default, and reads back as exactly the defaults.
 * After adding or changing a setting, rerun with {@code -Dbasalt.writeDocs=true} to rewrite the file.
 */
class SiteFileTemplateTest {
  private static final Path SHIPPED = Path.of("..", "conf", "basalt-site.xml");

  @Test
  void theShippedFileIsTheRenderingOfEverySetting() throws IOException {
    String rendered = SiteFileTemplate.render(Settings.ALL);
    if (Boolean.getBoolean("basalt.writeDocs")) {
      Files.createDirectories(SHIPPED.getParent());
      Files.writeString(SHIPPED, rendered, StandardCharsets.UTF_8);
    }
    assertEquals(rendered, Files.readString(SHIPPED, StandardCharsets.UTF_8),
        "conf/basalt-site.xml is out of date; rerun with -Dbasalt.writeDocs=true");
  }

  @Test
  void theShippedFileReadsBackAsTheDefaults() throws ConfigException {
    Map<String, String> defaults = new LinkedHashMap<>();
    for (Setting setting : Settings.ALL) {
      // Hadoop's configuration reads an empty value as no value, which for these settings is their default.
      if (!setting.defaultValue().isEmpty()) {
        defaults.put(setting.key(), setting.defaultValue());
      }
    }
    assertEquals(defaults, SiteFile.read(SHIPPED));
  }
}
