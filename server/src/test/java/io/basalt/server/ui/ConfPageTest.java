package io.basalt.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.info.WebPages;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** /conf redacts what Hadoop's patterns and Basalt's own name as secret, whatever the format. */
class ConfPageTest {
  private static final Map<String, String> SECRETS = Map.of(
      "hbase.rpc.tls.keystore.password", "k-pass",
      "hbase.zookeeper.property.ssl.trustStore.Password", "t-pass",
      "my.service.secret.token", "s-token",
      "fs.s3a.secret.key", "s3-key",
      "some.file.passphrase", "pp-1234",
      "hbase.superuser", "admin-of-it-all");

  @Test
  void secretsAreRedactedInXmlAndJson() throws Exception {
    ConfPage page = new ConfPage(BasaltConfig.of(SECRETS, Map.of("visible.setting", "shown")));
    for (String format : List.of("xml", "json")) {
      String body = body(page.answer(new Query(Map.of("format", List.of(format)))));
      for (String secret : SECRETS.values()) {
        assertFalse(body.contains(secret), format + " shows " + secret + ": " + body);
      }
      assertTrue(body.contains("shown"), body);
      assertTrue(body.contains("hbase.rpc.tls.keystore.password"), "the key is listed: " + body);
    }
  }

  @Test
  void anOperatorsPatternsReplaceHadoopsButBasaltsStay() throws Exception {
    ConfPage page = new ConfPage(BasaltConfig.of(Map.of(ConfPage.SENSITIVE_KEYS, "^internal\\.",
        "internal.thing", "hidden", "fs.s3a.secret.key", "still-hidden", "oauth.bearer.token", "shown")));
    String body = body(page.answer(new Query(Map.of())));
    assertFalse(body.contains("hidden"), body);
    assertTrue(body.contains("<value>shown</value>"), "Hadoop's own oauth pattern was replaced: " + body);
  }

  @Test
  void oneProperty() throws Exception {
    ConfPage page = new ConfPage(BasaltConfig.of(Map.of("a.b", "1")));
    String json = body(page.answer(new Query(Map.of("format", List.of("json"), "name", List.of("a.b")))));
    assertTrue(json.contains("\"key\":\"a.b\"") && json.contains("\"value\":\"1\""), json);
    assertEquals(404, assertThrows(PageException.class, () -> page.answer(new Query(Map.of("name",
        List.of("no.such")))), "absent").status());
  }

  private static String body(WebPages.Page page) {
    assertEquals(200, page.status());
    return new String(page.body(), StandardCharsets.UTF_8);
  }
}
