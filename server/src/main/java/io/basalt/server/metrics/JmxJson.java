package io.basalt.server.metrics;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.apache.hadoop.hbase.util.JSONBean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The body of a {@code /jmx} answer, written by HBase's own JSON writer ({@link JSONBean}) from the parameters as
 * HBase's JMX servlet handles them, so that the bytes are HBase's: pretty-printed JSON, beans in the order the MBean
 * server lists them, attribute values as HBase encodes them. This class is the only one to use JSONBean, and is
 * loaded by the first {@code /jmx} request, not by the server's start.
 *
 * <p>Errors answer as HBase 2.6.4 answers them in practice (its servlet sets 400 after the body is on its way, so
 * clients see 200): a {@code get} without exactly one {@code ::} is a {@code result: ERROR} object; a missing
 * attribute is the bean with {@code result: ERROR}; an ObjectName JMX cannot parse leaves the body {@code {}}.
 */
public final class JmxJson {
  private static final Logger LOG = LoggerFactory.getLogger(JmxJson.class);
  private static final String ALL = "*:*";

  private JmxJson() {}

  /**
   * Writes the answer to {@code query}, whose callback must be valid ({@link JmxQuery#callbackIsValid()}), reading
   * {@code beans}. An IOException means the body could not be written whole.
   */
  public static void write(MBeanServer beans, JmxQuery query, Writer out) throws IOException {
    PrintWriter printer = new PrintWriter(out);
    if (query.callback() != null) {
      printer.write(query.callback() + "(");
    }
    JSONBean.Writer json = new JSONBean().open(printer);
    try {
      if (query.get() != null) {
        writeAttribute(json, beans, query);
      } else {
        ObjectName excluded = query.excl() == null ? null : new ObjectName(query.excl());
        json.write(beans, new ObjectName(query.qry() == null ? ALL : query.qry()), null, query.description(),
            excluded);
      }
    } catch (MalformedObjectNameException e) {
      // A client's mistake, answered as HBase answers it: the JSON object opened above closes empty.
      LOG.debug("/jmx query with a malformed ObjectName: {}", e.getMessage());
    }
    // Not in a finally: after any other failure the answer is abandoned, and closing the JSON there would only hide
    // the failure behind gson's complaint about a half-written value.
    json.close();
    if (query.callback() != null) {
      printer.write(");");
    }
    printer.flush();
    if (printer.checkError()) {
      throw new IOException("the /jmx answer could not be written whole");
    }
  }

  private static void writeAttribute(JSONBean.Writer json, MBeanServer beans, JmxQuery query)
      throws IOException, MalformedObjectNameException {
    // HBase splits on every "::" and keeps empty pieces, as String.split does with a negative limit.
    String[] parts = query.get().split("::", -1);
    if (parts.length != 2) {
      json.write("result", "ERROR");
      json.write("message", "query format is not as expected.");
      return;
    }
    try {
      json.write(beans, new ObjectName(parts[0]), parts[1], query.description());
    } catch (IOException e) {
      // JSONBean ends its answer to a missing attribute by closing its JSON writer inside the outer object, which
      // gson refuses ("Incomplete document") after writing everything. HBase's servlet then closes that object, as
      // write() does, and the client gets the whole answer; real write failures show in the PrintWriter instead.
      LOG.debug("JSONBean ended the answer to get={} early: {}", query.get(), e.getMessage());
    }
  }
}
