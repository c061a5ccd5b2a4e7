package io.basalt.conformance.differential;

import io.basalt.conformance.differential.MetricNames.Attribute;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;
import org.apache.hbase.thirdparty.com.google.gson.JsonParseException;
import org.apache.hbase.thirdparty.com.google.gson.JsonParser;
import org.apache.hbase.thirdparty.com.google.gson.JsonPrimitive;

/**
 * One read of a server's {@code /jmx}: its HBase beans by name, each attribute under its
 * {@linkplain MetricNames#canonical canonical name}. The bean's identity ({@code name}, {@code modelerType}) is not
 * kept as an attribute.
 */
final class JmxReading {
  private final Map<String, Map<String, JsonElement>> beans;

  private JmxReading(Map<String, Map<String, JsonElement>> beans) {
    this.beans = beans;
  }

  static JmxReading read(int port) throws IOException {
    return parse(MetricsPages.get(port, "/jmx?qry=" + URLEncoder.encode(MetricNames.HBASE_BEANS,
        StandardCharsets.UTF_8)));
  }

  static JmxReading parse(String json) throws IOException {
    try {
      JsonElement root = JsonParser.parseString(json);
      if (!root.isJsonObject() || !root.getAsJsonObject().has("beans")) {
        throw new IOException("/jmx answered no \"beans\" array: " + abbreviated(json));
      }
      Map<String, Map<String, JsonElement>> beans = new LinkedHashMap<>();
      for (JsonElement element : root.getAsJsonObject().getAsJsonArray("beans")) {
        JsonObject bean = element.getAsJsonObject();
        Map<String, JsonElement> attributes = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> attribute : bean.entrySet()) {
          if (!attribute.getKey().equals("name") && !attribute.getKey().equals("modelerType")) {
            attributes.put(MetricNames.canonical(attribute.getKey()), attribute.getValue());
          }
        }
        beans.put(bean.get("name").getAsString(), attributes);
      }
      return new JmxReading(beans);
    } catch (JsonParseException | IllegalStateException | NullPointerException e) {
      throw new IOException("/jmx answered what is not its JSON: " + abbreviated(json), e);
    }
  }

  Set<String> beanNames() {
    return Collections.unmodifiableSet(beans.keySet());
  }

  /** The bean's attributes by canonical name; empty if the server has no such bean. */
  Map<String, JsonElement> bean(String name) {
    return Collections.unmodifiableMap(beans.getOrDefault(name, Map.of()));
  }

  boolean has(String bean, String attribute) {
    return bean(bean).containsKey(attribute);
  }

  /** A numeric attribute as a whole number, or null if the bean has no such attribute or it is not a number. */
  Long number(String bean, String attribute) {
    JsonElement value = bean(bean).get(attribute);
    if (value instanceof JsonPrimitive primitive && primitive.isNumber()) {
      return primitive.getAsNumber().longValue();
    }
    return null;
  }

  /**
   * How much {@code attribute} grew from {@code before} to this reading: null if this reading lacks it; from 0 if
   * {@code before} did (a bean or attribute a server adds once there is something to count).
   */
  Long since(JmxReading before, Attribute attribute) {
    Long now = number(attribute.bean(), attribute.name());
    if (now == null) {
      return null;
    }
    Long then = before.number(attribute.bean(), attribute.name());
    return now - (then == null ? 0 : then);
  }

  private static String abbreviated(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "...";
  }
}
