package io.basalt.examples.webtable;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The web table: one row per page, keyed by the URL with its host name reversed ({@code com.cnn.www/index.html}),
 * so that all pages of a domain, whatever their sub-domain, are neighbours.
 * <ul>
 *   <li>{@code contents:html} keeps the page as crawled, one version per crawl stamped with the crawl time; the
 *       family keeps the newest three and the server drops older ones.</li>
 *   <li>{@code anchor}: one column per site linking to the page. The column name is the linking site, the value
 *       the link's text: the qualifiers are data, and each row has only the columns it needs.</li>
 *   <li>{@code language:} a small family of its own, so listing pages does not drag their contents along.</li>
 * </ul>
 */
public final class WebtableSchema {
  public static final TableName WEBTABLE = TableName.valueOf("webtable");
  public static final byte[] CONTENTS = Bytes.toBytes("contents");
  public static final byte[] ANCHOR = Bytes.toBytes("anchor");
  public static final byte[] LANGUAGE = Bytes.toBytes("language");
  public static final byte[] HTML = Bytes.toBytes("html");
  /** The language family has a single column with an empty qualifier. */
  public static final byte[] LANGUAGE_CODE = new byte[0];
  public static final int CONTENT_VERSIONS = 3;

  private WebtableSchema() {}

  public static TableDescriptor descriptor() {
    return TableDescriptorBuilder.newBuilder(WEBTABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(CONTENTS).setMaxVersions(CONTENT_VERSIONS).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(ANCHOR))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(LANGUAGE))
        .build();
  }

  /** {@code www.cnn.com} and {@code /index.html} give {@code com.cnn.www/index.html}. */
  public static String rowKey(String host, String path) {
    return reverseHost(host) + path;
  }

  public static String rowKey(WebPage page) {
    return rowKey(page.host(), page.path());
  }

  /** The row key of a URL of the form {@code http://host/path}. */
  public static String rowKeyOfUrl(String url) {
    String hostAndPath = url.substring(url.indexOf("://") + 3);
    int slash = hostAndPath.indexOf('/');
    return rowKey(hostAndPath.substring(0, slash), hostAndPath.substring(slash));
  }

  /**
   * The key prefix of every page of a domain and its sub-domains: {@code cnn.com} gives {@code com.cnn.}. The
   * trailing dot keeps {@code com.cnnsports...} out.
   */
  public static String domainPrefix(String domain) {
    return reverseHost(domain) + ".";
  }

  static String reverseHost(String host) {
    List<String> labels = Arrays.asList(host.split("\\."));
    Collections.reverse(labels);
    return String.join(".", labels);
  }
}
