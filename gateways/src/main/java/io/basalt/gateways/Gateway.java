package io.basalt.gateways;

/** One of HBase's gateway servers, started and listening. */
interface Gateway {
  /** What it is, for log lines and errors: "REST" or "Thrift2". */
  String name();

  /** The port it listens on. */
  int port();

  /** Stops serving, as HBase's own daemon does when told to stop. */
  void stop() throws Exception;
}
