package io.basalt.server.ui;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.info.WebPages;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Map;
import org.apache.hadoop.conf.ConfigRedactor;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code /conf}: the server's effective configuration (defaults, the site file, the command line) written by Hadoop's
 * own {@code Configuration} as HBase's info port serves it: XML unless {@code ?format=json}, one property with
 * {@code ?name=}. Secrets are redacted as Hadoop redacts them, by the key patterns of {@code
 * hadoop.security.sensitive-config-keys} (its default when unset), and Basalt adds any key holding "password",
 * "secret", "passphrase", "credential" or "superuser", in any case: key store passwords among them, and the keys
 * HBase's own {@code /conf} masks (those holding password, secret or superuser).
 */
final class ConfPage implements Handler {
  static final String SENSITIVE_KEYS = "hadoop.security.sensitive-config-keys";
  private static final String HADOOP_DEFAULT_KEYS = "secret$,password$,ssl.keystore.pass$,fs.s3.*[Ss]ecret.?[Kk]ey,"
      + "fs.azure.account.key.*,credential$,oauth.*token$," + SENSITIVE_KEYS;
  private static final String BASALT_KEYS = "(?i)password,(?i)secret,(?i)passphrase,(?i)credential,(?i)superuser";

  private final BasaltConfig config;

  ConfPage(BasaltConfig config) {
    this.config = config;
  }

  @Override
  public WebPages.Page answer(Query query) throws IOException, PageException {
    String format = query.get("format");
    String name = query.get("name");
    boolean json;
    if (format == null || format.equals("xml")) {
      json = false;
    } else if (format.equals("json")) {
      json = true;
    } else {
      throw PageException.badRequest("Bad format: '" + format + "'; the formats are xml and json");
    }
    Configuration redacted = redacted();
    if (name != null && redacted.get(name) == null) {
      throw PageException.notFound("There is no property " + name + " in the configuration.");
    }
    StringWriter out = new StringWriter();
    if (json) {
      if (name == null) {
        Configuration.dumpConfiguration(redacted, out);
      } else {
        Configuration.dumpConfiguration(redacted, name, out);
      }
      return Answers.text(200, "application/json; charset=utf-8", out.toString());
    }
    if (name == null) {
      redacted.writeXml(out);
    } else {
      redacted.writeXml(name, out);
    }
    return Answers.text(200, "text/xml; charset=utf-8", out.toString());
  }

  /** The configuration with every sensitive value replaced. */
  private Configuration redacted() {
    Map<String, String> properties = config.properties();
    Configuration patterns = new Configuration(false);
    String configured = properties.get(SENSITIVE_KEYS);
    patterns.set(SENSITIVE_KEYS, (configured == null || configured.isBlank() ? HADOOP_DEFAULT_KEYS : configured)
        + "," + BASALT_KEYS);
    ConfigRedactor redactor = new ConfigRedactor(patterns);
    Configuration redacted = new Configuration(false);
    properties.forEach((key, value) -> redacted.set(key, redactor.redact(key, value), "basalt"));
    return redacted;
  }
}
