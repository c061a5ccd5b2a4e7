package io.basalt.server.rpc;

import io.basalt.hbase.security.RequestUser;
import org.apache.hadoop.hbase.codec.Codec;

/**
 * What a client declared in its connection header: the service every call on this socket addresses, the cell
 * block codec (null when the client wants no cell blocks) and the user it runs as (authenticated, or as it said);
 * and where it connects from (host:port), for the audit log.
 */
record ConnectionInfo(String serviceName, Codec codec, RequestUser user, String remoteAddress) {}
