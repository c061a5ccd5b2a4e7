package io.basalt.gateways;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.rest.RESTServer;

/**
 * HBase's REST server ({@link RESTServer}, the class {@code hbase rest start} runs), unchanged. Its {@code run()}
 * binds the port and starts Jetty's threads before it returns, so a port that cannot be bound fails the start here,
 * and a returned gateway already accepts connections.
 */
final class RestGateway implements Gateway {
  static final String PORT = "hbase.rest.port";
  static final String BIND_ADDRESS = "hbase.rest.host";
  static final String INFO_PORT = "hbase.rest.info.port";

  private final RESTServer server;
  private final int port;

  private RestGateway(RESTServer server) {
    this.server = server;
    this.port = server.getPort();
  }

  static RestGateway start(Configuration conf) throws Exception {
    RESTServer server = new RESTServer(conf);
    server.run();
    return new RestGateway(server);
  }

  @Override
  public String name() {
    return "REST";
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public void stop() throws Exception {
    server.stop();
  }
}
