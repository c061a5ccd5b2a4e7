package io.basalt.conformance.gateways;

/** Where a server's REST and Thrift2 gateways listen ({@code host:port} each), and whose server they front. */
record Gateways(String server, String rest, String thrift) {}
