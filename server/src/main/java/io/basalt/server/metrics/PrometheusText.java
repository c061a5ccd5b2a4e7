package io.basalt.server.metrics;

import io.basalt.hbase.metrics.MetricsOutput;
import io.basalt.hbase.metrics.MetricsRecord;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The body of a {@code /prometheus} answer in HBase 2.6's text format, read from the records themselves (not through
 * JMX, as HBase samples its metrics system afresh for each scrape). Every sample is two lines, with no blank lines:
 *
 * <pre>
 * # TYPE server_total_request_count counter
 * server_total_request_count{zookeeperquorum="...",servername="...",context="regionserver",hostname="..."} 196
 * </pre>
 *
 * <p>The labels are the record's tags in order, their names in lower case and their values as they are; values are
 * Java's {@code toString} of the long or double. With a {@code qry}, only samples whose name contains it are written.
 * HBase writes a {@code # HELP} line for a metric with a description when asked; records here have none, so there is
 * never one. One instance serves one port's scrapes, keeping the names it converted ({@link PrometheusNames}).
 */
public final class PrometheusText {
  private static final Logger LOG = LoggerFactory.getLogger(PrometheusText.class);

  private final PrometheusNames names = new PrometheusNames();

  /** Writes every record's samples, or only those whose name contains {@code qry} when it is not null. */
  public void write(List<MetricsRecord> records, String qry, Writer out) throws IOException {
    PrometheusNames.Scrape scrape = names.scrape();
    StringBuilder text = new StringBuilder();
    char[] buffer = new char[8192];
    for (MetricsRecord record : records) {
      text.setLength(0);
      Samples samples = new Samples(scrape, record.recordName(), qry, text);
      try {
        record.writeTo(samples);
      } catch (RuntimeException e) {
        // HBase's metrics system logs a source that fails and samples the others; so does this scrape. The record's
        // text so far is dropped, so that a scrape never shows half of a record.
        LOG.warn("Could not read the metrics of {}; this scrape leaves them out", record.jmxName(), e);
        continue;
      }
      if (samples.lateTag != null) {
        LOG.warn("Metrics record {} wrote the tag {} after its first metric; /prometheus labels only the tags "
            + "written before", record.jmxName(), samples.lateTag);
      }
      copy(text, out, buffer);
    }
    scrape.finish();
  }

  /** Copies through a small buffer: a String of a large record's text would be one more copy of it. */
  private static void copy(StringBuilder text, Writer out, char[] buffer) throws IOException {
    for (int start = 0; start < text.length(); start += buffer.length) {
      int length = Math.min(buffer.length, text.length() - start);
      text.getChars(start, start + length, buffer, 0);
      out.write(buffer, 0, length);
    }
  }

  /** One record's samples as text: the tags become the labels of every metric written after them. */
  private static final class Samples implements MetricsOutput {
    private final PrometheusNames.Scrape scrape;
    private final String recordName;
    private final String qry;
    private final StringBuilder text;
    private final StringBuilder tags = new StringBuilder();
    private String labels;
    private String lateTag;

    Samples(PrometheusNames.Scrape scrape, String recordName, String qry, StringBuilder text) {
      this.scrape = scrape;
      this.recordName = recordName;
      this.qry = qry;
      this.text = text;
    }

    @Override
    public void tag(String name, String value) {
      if (labels != null) {
        lateTag = name;
        return;
      }
      tags.append(tags.length() == 0 ? "" : ",").append(name.toLowerCase(Locale.ROOT)).append("=\"")
          .append(value == null ? "" : value).append('"');
    }

    @Override
    public void counter(String name, long value) {
      String sample = start(name, "counter");
      if (sample != null) {
        text.append(value).append('\n');
      }
    }

    @Override
    public void gauge(String name, long value) {
      String sample = start(name, "gauge");
      if (sample != null) {
        text.append(value).append('\n');
      }
    }

    @Override
    public void gauge(String name, double value) {
      String sample = start(name, "gauge");
      if (sample != null) {
        text.append(value).append('\n');
      }
    }

    /** Writes the TYPE line and the sample up to its value, or nothing (and returns null) if the qry excludes it. */
    private String start(String metric, String type) {
      if (labels == null) {
        labels = "{" + tags + "} ";
      }
      String name = scrape.name(recordName, metric);
      if (qry != null && !name.contains(qry)) {
        return null;
      }
      text.append("# TYPE ").append(name).append(' ').append(type).append('\n')
          .append(name).append(labels);
      return name;
    }
  }
}
