package io.basalt.server.config;

import java.util.List;

/** Every property Basalt reads, with its default. Property names are HBase's wherever HBase has one. */
public final class Settings {
  public static final Setting DATA_DIR = new Setting("hbase.rootdir", "./data",
      "Directory holding Basalt's data (a path or a file: URI). Flag --data-dir.");
  public static final Setting ZOOKEEPER_EMBEDDED = new Setting("basalt.zookeeper.embedded", "true",
      "Run an Apache ZooKeeper server inside Basalt. When false, Basalt publishes its znodes to the external quorum "
          + "named by hbase.zookeeper.quorum. Flag --zookeeper-quorum sets the quorum and turns this off.");
  public static final Setting ZOOKEEPER_QUORUM = new Setting("hbase.zookeeper.quorum", "localhost",
      "External ZooKeeper hosts (host or host:port, comma separated); used when basalt.zookeeper.embedded=false.");
  public static final Setting ZOOKEEPER_PORT = new Setting("hbase.zookeeper.property.clientPort", "2181",
      "Client port of the embedded ZooKeeper, and the default port of external quorum hosts. 0 picks a free port. "
          + "Flag --zookeeper-port.");
  public static final Setting ZOOKEEPER_TLS_PORT = new Setting("hbase.zookeeper.property.secureClientPort", "-1",
      "TLS client port of the embedded ZooKeeper (ZooKeeper's secureClientPort), with the RPC port's key store, "
          + "trust store and hbase.server.netty.tls.client.auth.mode. -1 opens none; 0 picks a free port.");
  public static final Setting ZNODE_PARENT = new Setting("zookeeper.znode.parent", "/hbase",
      "Parent znode under which Basalt publishes what HBase clients read (cluster id, master, meta location).");
  public static final Setting ZOOKEEPER_SESSION_TIMEOUT = new Setting("zookeeper.session.timeout", "30000",
      "Session timeout in ms of Basalt's own ZooKeeper session, which owns the ephemeral master znode.");
  public static final Setting CLUSTER_MEMBERS = new Setting("basalt.cluster.members", "",
      "Every node's cluster address as HOST:PORT, comma separated, in node-id order (the first is node 1); the same "
          + "list on every node, at least 3 members. PORT is the node's Raft port; its embedded ZooKeeper peer also "
          + "uses PORT+1 (quorum) and PORT+2 (leader election), so PORT is at most 65533. HOST must reach that node "
          + "from the others. Empty, with basalt.cluster.node empty, runs a single node. Flag --members.");
  public static final Setting CLUSTER_NODE = new Setting("basalt.cluster.node", "",
      "This node's id: its place in basalt.cluster.members, counting from 1. Its member address must be an address "
          + "of this machine. Set together with basalt.cluster.members. Flag --node.");
  public static final Setting RPC_PORT = new Setting("hbase.regionserver.port", "16020",
      "Port serving every HBase RPC service (client, admin, master, registry). 0 picks a free port. "
          + "Flag --rpc-port.");
  public static final Setting INFO_PORT = new Setting("hbase.master.info.port", "16010",
      "HTTP info port (status at /status). 0 picks a free port; -1 disables it. Flag --info-port.");
  public static final Setting REST_PORT = new Setting("hbase.rest.port", "-1",
      "Port of HBase's own REST server (from hbase-rest), run beside Basalt in a JVM of its own and stopped with it; "
          + "-1 runs none. Its other hbase.rest.* settings, and hbase.client.* for its client, are passed to it as "
          + "they are written here (docs/gateways.md). Flag --rest-port.");
  public static final Setting THRIFT_PORT = new Setting("hbase.regionserver.thrift.port", "-1",
      "Port of HBase's own Thrift2 server (from hbase-thrift), run beside Basalt in a JVM of its own and stopped "
          + "with it; -1 runs none. Its other hbase.regionserver.thrift.* and hbase.thrift.* settings, and "
          + "hbase.client.* for its client, are passed to it as they are written here (docs/gateways.md). "
          + "Flag --thrift-port.");
  public static final Setting GATEWAY_JVM_OPTIONS = new Setting("basalt.gateways.jvm.options", "-Xmx512m",
      "Options of the JVM running the REST and Thrift2 gateways (both in one), separated by spaces.");
  public static final Setting BIND_ADDRESS = new Setting("hbase.regionserver.ipc.address", "0.0.0.0",
      "Address the RPC, info and embedded ZooKeeper ports bind to.");
  public static final Setting HOSTNAME = new Setting("hbase.unsafe.regionserver.hostname", "",
      "Host name Basalt advertises to clients in ZooKeeper and hbase:meta. Empty means this machine's host name. "
          + "Flag --hostname.");
  public static final Setting HANDLER_COUNT = new Setting("hbase.regionserver.handler.count", "30",
      "Threads executing RPC calls.");
  public static final Setting CALL_QUEUE_LENGTH = new Setting("hbase.ipc.server.max.callqueue.length", "",
      "Calls that may wait in each of HBase's call queues; empty means ten a handler, as HBase. Basalt keeps one "
          + "queue holding as many calls as HBase's queues together (this times the number of queues "
          + "hbase.ipc.server.callqueue.handler.factor gives); beyond it clients get CallQueueTooBigException and "
          + "back off.");
  public static final Setting CALL_QUEUE_HANDLER_FACTOR = new Setting("hbase.ipc.server.callqueue.handler.factor",
      "0.1", "HBase's call queues per handler (from 0 to 1; at least one queue): with the default, 30 handlers have "
          + "3 queues, so Basalt's one queue holds three times hbase.ipc.server.max.callqueue.length.");
  public static final Setting MAX_REQUEST_SIZE = new Setting("hbase.ipc.max.request.size", "268435456",
      "Largest request frame in bytes; larger requests are refused with RequestTooBigException.");
  public static final Setting CONNECTION_MAX_IDLE = new Setting("hbase.ipc.client.connection.maxidletime", "10000",
      "A connection with no call running that completes nothing (preamble, connection header or request) for twice "
          + "this many ms is closed, as HBase's SimpleRpcServer closes idle connections: silent sockets and ones that "
          + "trickle bytes do not pile up. Stock clients reconnect on their next call.");
  public static final Setting MAX_SCANNERS_PER_CONNECTION = new Setting(
      "basalt.ipc.server.max.scanners.per.connection", "1000",
      "Scanners one client connection may hold open at once; opening another fails with DoNotRetryIOException. "
          + "HBase has no such limit.");
  public static final Setting SHORT_CALLS_ON_IO_THREADS = new Setting("basalt.ipc.server.short.calls.on.io.threads",
      "true", "Run a Get or single-row Mutate on the network thread that read it, when it can finish without "
          + "waiting (row lock free, data in memory, no write stall, no fsync), instead of handing it to a handler "
          + "thread: two thread switches fewer per call. Calls that would wait, scans, batches and calls arriving "
          + "faster than they are answered on one connection still go to the handlers.");
  public static final Setting SCANNER_LEASE = new Setting("hbase.client.scanner.timeout.period", "60000",
      "Scanner lease in ms: a scanner without a call for this long is closed. The former name "
          + "hbase.regionserver.lease.period is read too and, when set, wins with a warning, as earlier HBase 2 region "
          + "servers did (HBase 2.6 reads only the current name).",
      "hbase.regionserver.lease.period");
  public static final Setting SCAN_MAX_RESULT_SIZE = new Setting("hbase.server.scanner.max.result.size",
      "104857600", "Cap in bytes on the cells of one scan response.");
  public static final Setting MAX_CELL_SIZE = new Setting("hbase.server.keyvalue.maxsize", "10485760",
      "Largest cell in bytes a write may carry or an Append may produce; 0 means no limit.");
  public static final Setting MAJOR_COMPACTION_PERIOD = new Setting("hbase.hregion.majorcompaction", "604800000",
      "How often in ms every region is major-compacted, physically dropping cells hidden by deletes, VERSIONS or "
          + "TTL; 0 compacts only when asked (major_compact).");
  public static final Setting MINOR_COMPACTION_CHECK_PERIOD = new Setting("basalt.compaction.check.period.ms",
      "10000", "How often in ms regions are checked for a minor compaction their writes have made due, which drops "
          + "overwritten versions past VERSIONS, expired cells and cells hidden by deletes (delete markers stay); "
          + "0 turns these off.");
  public static final Setting MINOR_COMPACTION_MIN_CELLS = new Setting("basalt.compaction.min.written.cells",
      "10000", "A region is due a minor compaction once the cells written to it since its last compaction (or to "
          + "the regions it was split or merged from) reach this many and as many as that compaction kept.");
  public static final Setting SPLIT_CHECK_PERIOD = new Setting("basalt.split.check.period.ms", "10000",
      "How often in ms tablets are checked for automatic splits and merges; 0 turns them off.");
  public static final Setting MAX_REGION_SIZE = new Setting("hbase.hregion.max.filesize", "10737418240",
      "A tablet larger than this many bytes (RocksDB's estimate) is split at its middle row.");
  public static final Setting HOT_SHARE_PERCENT = new Setting("basalt.split.load.share.percent", "50",
      "A tablet serving at least this percentage of the server's requests over the last minute...");
  public static final Setting HOT_REQUESTS_PER_SECOND = new Setting("basalt.split.load.requests.per.second",
      "1000", "...and at least this many requests per second...");
  public static final Setting HOT_SUSTAIN = new Setting("basalt.split.load.sustain.ms", "55000",
      "...measured over at least this many ms (of the last minute) is split at the median of its accessed rows.");
  public static final Setting MERGE_MAX_SIZE = new Setting("basalt.merge.max.bytes", "1073741824",
      "Adjacent tablets of a table with NORMALIZATION_ENABLED are merged when together smaller than this (at most "
          + "half of hbase.hregion.max.filesize, or merged tablets would split again)...");
  public static final Setting MERGE_COLD_REQUESTS_PER_SECOND = new Setting(
      "basalt.merge.cold.requests.per.second", "1", "...each serves fewer requests per second than this...");
  public static final Setting MERGE_MIN_AGE = new Setting("basalt.merge.min.age.ms", "600000",
      "...and each is older than this many ms.");
  public static final Setting SNAPSHOT_CLEANUP_PERIOD = new Setting("hbase.master.cleaner.snapshot.interval",
      "1800000", "How often in ms snapshots whose TTL has run out are deleted, while snapshot cleanup is on "
          + "(snapshot_cleanup_switch).");
  public static final Setting BLOCK_CACHE_BYTES = new Setting("basalt.rocksdb.block.cache.bytes", "268435456",
      "RocksDB block cache shared by all tables, in bytes.");
  public static final Setting MEMTABLE_BUDGET_BYTES = new Setting("basalt.rocksdb.memtable.budget.bytes",
      "268435456", "Memory all RocksDB memtables may use together, in bytes.");
  public static final Setting BACKGROUND_JOBS = new Setting("basalt.rocksdb.background.jobs", "4",
      "RocksDB background flush and compaction threads.");
  public static final Setting ROW_LOCK_WAIT = new Setting("hbase.rowlock.wait.duration", "30000",
      "How long in ms a write waits for a row lock held by another writer before failing.");
  public static final Setting SHUTDOWN_GRACE = new Setting("basalt.shutdown.grace.ms", "30000",
      "How long in ms a stopping server waits for in-flight calls to finish.");

  public static final Setting MAX_CLOCK_SKEW = new Setting("hbase.master.maxclockskew", "30000",
      "Cluster mode: a node whose clock differs from the ZooKeeper ensemble leader's by more than this many ms is "
          + "refused at start, as HBase's master refuses such a region server. Also the most a replica trusts a "
          + "cell timestamp ahead of its own clock when it keeps the tablet's timestamp floor.");
  public static final Setting WARNING_CLOCK_SKEW = new Setting("hbase.master.warningclockskew", "10000",
      "Cluster mode: a node whose clock differs from the ZooKeeper ensemble leader's by more than this many ms "
          + "starts with a warning.");
  public static final Setting CLOCK_OFFSET = new Setting("basalt.clock.offset.ms", "0",
      "For tests only: added to this node's clock (cell timestamps and the clock check at start), to try a node "
          + "whose clock is off. Leave 0.");
  public static final Setting RAFT_ELECTION_TIMEOUT_MIN = new Setting("basalt.cluster.raft.election.timeout.min.ms",
      "1000", "Cluster mode: a follower hearing nothing from its Raft group's leader for a random time between this "
          + "and the maximum stands for election; the leader sends heartbeats at half of it. With the defaults a dead "
          + "leader's tablets have a new leader within about three seconds. A group's first election after it "
          + "starts (a new table's tablets) comes after a quarter to a half of it.");
  public static final Setting RAFT_ELECTION_TIMEOUT_MAX = new Setting("basalt.cluster.raft.election.timeout.max.ms",
      "2000", "Cluster mode: the upper bound of the election timeout (see the minimum); must be above it.");
  public static final Setting RAFT_SNAPSHOT_THRESHOLD = new Setting("basalt.cluster.raft.snapshot.threshold",
      "100000", "Cluster mode: log entries a Raft group applies between snapshots. At a snapshot the store is "
          + "flushed and the group's log up to there is deleted; a replica that needs older entries catches up by "
          + "copying the tablet from its leader.");
  public static final Setting RAFT_LOG_SEGMENT_BYTES = new Setting("basalt.cluster.raft.log.segment.bytes",
      "33554432", "Cluster mode: the size in bytes at which a Raft group's log file is closed and a new one begun. "
          + "A snapshot deletes only whole closed files, so a group keeps at least the entries of its open file; "
          + "smaller files let a little-written group forget its log sooner, at the cost of more files.");
  public static final Setting RAFT_ENTRY_MAX_BYTES = new Setting("basalt.cluster.raft.entry.max.bytes", "2097152",
      "Cluster mode: the largest entry in bytes a Raft group's log takes. A batch of writes to one region larger "
          + "than this is written as several entries; a single row's mutation larger than this is refused with "
          + "DoNotRetryIOException. Every region replica holds a buffer of this size outside the heap (within the "
          + "JVM's -XX:MaxDirectMemorySize, by default its -Xmx). Must be the same on every node.");

  public static final Setting TLS_ENABLED = new Setting("hbase.server.netty.tls.enabled", "false",
      "Serve TLS on the RPC port, as HBase 2.6's NettyRpcServer does, with the key and trust stores below. Clients "
          + "set hbase.client.netty.tls.enabled=true and a truststore (hbase-client 2.6 and later; 2.5 has no TLS).");
  public static final Setting TLS_SUPPORT_PLAINTEXT = new Setting("hbase.server.netty.tls.supportplaintext", "true",
      "With TLS on, also accept plaintext connections on the same port (each connection's first bytes tell which). "
          + "HBase's default is true, for rolling TLS out; set false to refuse plaintext.");
  public static final Setting TLS_CLIENT_AUTH = new Setting("hbase.server.netty.tls.client.auth.mode", "NEED",
      "Whether TLS clients must present a certificate the truststore trusts: NONE (not asked), WANT (asked, not "
          + "required) or NEED (required; a client without one is refused in the handshake).");
  public static final Setting TLS_VERIFY_CLIENT_HOSTNAME = new Setting(
      "hbase.server.netty.tls.verify.client.hostname", "true",
      "Check that a client certificate names the host the connection comes from (subject alternative names).");
  public static final Setting TLS_WRAP_SIZE = new Setting("hbase.server.netty.tls.wrapSize", "1048576",
      "Most bytes of answers encrypted into one batch of TLS records.");
  public static final Setting TLS_KEYSTORE = new Setting("hbase.rpc.tls.keystore.location", "",
      "Key store holding the server's private key and certificate chain, for the RPC port with TLS on and the info "
          + "port with hbase.ssl.enabled; bin/basalt cert makes one to try.");
  public static final Setting TLS_KEYSTORE_PASSWORD = new Setting("hbase.rpc.tls.keystore.password", "",
      "Password of the key store (and of its key); may come from a Hadoop credential provider instead.");
  public static final Setting TLS_KEYSTORE_TYPE = new Setting("hbase.rpc.tls.keystore.type", "",
      "JKS, PKCS12, PEM or BCFKS; empty guesses from the file name's extension (.jks, .p12/.pfx, .pem).");
  public static final Setting TLS_TRUSTSTORE = new Setting("hbase.rpc.tls.truststore.location", "",
      "Trust store holding the certificate authorities whose client certificates are accepted; empty uses the "
          + "JVM's default trust.");
  public static final Setting TLS_TRUSTSTORE_PASSWORD = new Setting("hbase.rpc.tls.truststore.password", "",
      "Password of the trust store.");
  public static final Setting TLS_TRUSTSTORE_TYPE = new Setting("hbase.rpc.tls.truststore.type", "",
      "JKS, PKCS12, PEM or BCFKS; empty guesses from the file name's extension.");
  public static final Setting TLS_PROTOCOL = new Setting("hbase.rpc.tls.protocol", "TLSv1.2",
      "TLS protocol version of the context, and the one enabled when hbase.rpc.tls.enabledProtocols is empty.");
  public static final Setting TLS_ENABLED_PROTOCOLS = new Setting("hbase.rpc.tls.enabledProtocols", "",
      "Protocol versions accepted, comma separated (TLSv1.2,TLSv1.3); empty means hbase.rpc.tls.protocol only.");
  public static final Setting TLS_CIPHER_SUITES = new Setting("hbase.rpc.tls.ciphersuites", "",
      "Cipher suites accepted, comma separated; empty means HBase's defaults (ECDHE with AES-GCM first, then CBC).");
  public static final Setting TLS_CERT_RELOAD = new Setting("hbase.rpc.tls.certReload", "false",
      "Watch the key and trust store files and use their new contents for new connections when they change; "
          + "connections already open keep their session. A changed file that cannot be loaded is reported and the "
          + "stores in use are kept.");
  public static final Setting TLS_FILE_POLL_INTERVAL = new Setting("hbase.rpc.tls.filepoll.interval.millis",
      "60000", "How often in ms the key and trust store files are checked for changes, with certificate reload on.");
  public static final Setting TLS_CRL = new Setting("hbase.rpc.tls.clr", "false",
      "Check client certificates against the revocation lists their distribution points name.");
  public static final Setting TLS_OCSP = new Setting("hbase.rpc.tls.ocsp", "false",
      "Check client certificates' revocation over OCSP.");
  public static final Setting TLS_REVERSE_DNS = new Setting("hbase.rpc.tls.host-verification.reverse-dns.enabled",
      "true", "Look the client's address up in DNS to get the host name its certificate must name; false uses the "
          + "address as written.");
  public static final Setting HTTPS_ENABLED = new Setting("hbase.ssl.enabled", "false",
      "Serve the info port over HTTPS with the RPC port's key store (hbase.rpc.tls.keystore.*), not HTTP. HBase "
          + "reads the info servers' key store from ssl-server.xml instead; Basalt has one key store for both.");

  public static final Setting AUTHENTICATION = new Setting("hbase.security.authentication", "simple",
      "How RPC clients prove who they are: simple (they say who they are in the connection header and are "
          + "believed) or kerberos (SASL GSSAPI with the server's keytab below; clients set the same property and log "
          + "in with their own keytab or ticket cache).");
  public static final Setting KERBEROS_PRINCIPAL = new Setting("hbase.regionserver.kerberos.principal", "",
      "With kerberos authentication, the principal the server runs as, such as hbase/_HOST@EXAMPLE.COM; _HOST "
          + "becomes the canonical name of the host this server advertises (hbase.regionserver.hostname), in lower "
          + "case: the name HBase clients put in the principal they ask a ticket for. Clients set the same value here "
          + "and in hbase.master.kerberos.principal.");
  public static final Setting KERBEROS_KEYTAB = new Setting("hbase.regionserver.keytab.file", "",
      "With kerberos authentication, the keytab holding the server principal's keys.");
  public static final Setting MASTER_KERBEROS_PRINCIPAL = new Setting("hbase.master.kerberos.principal", "",
      "Read when hbase.regionserver.kerberos.principal is empty. One Basalt process answers master and region "
          + "server calls under one principal, so when both are set they must be the same.");
  public static final Setting MASTER_KERBEROS_KEYTAB = new Setting("hbase.master.keytab.file", "",
      "Read when hbase.regionserver.keytab.file is empty.");
  public static final Setting RPC_PROTECTION = new Setting("hbase.rpc.protection", "authentication",
      "With kerberos authentication, what SASL protects after the handshake, comma separated in order of "
          + "preference: authentication (nothing more), integrity (every message signed) or privacy (signed and "
          + "encrypted). Clients must ask for one of them.");
  public static final Setting SIMPLE_AUTH_FALLBACK = new Setting(
      "hbase.ipc.server.fallback-to-simple-auth-allowed", "false",
      "With kerberos authentication, also accept clients using simple authentication (for moving a cluster to "
          + "Kerberos); otherwise they are refused with AccessDeniedException \"Authentication is required\".");
  public static final Setting TOKEN_KEY_UPDATE_INTERVAL = new Setting("hbase.auth.key.update.interval",
      "86400000", "With kerberos authentication, how often in ms a new secret key starts signing delegation tokens.");
  public static final Setting TOKEN_MAX_LIFETIME = new Setting("hbase.auth.token.max.lifetime", "604800000",
      "With kerberos authentication, how long in ms a delegation token is good for after it is issued.");
  public static final Setting CERTIFICATE_USER = new Setting("basalt.security.certificate.user", "none",
      "With TLS client certificates, whom a connection that presented one runs as: none (whoever its connection "
          + "header names, as in HBase), CN (the certificate subject's common name) or DN (the whole subject, as RFC "
          + "2253 writes it). Kerberos users stay who Kerberos says. For the name to be trustworthy, require "
          + "certificates (hbase.server.netty.tls.client.auth.mode=NEED) and refuse plaintext.");
  public static final Setting AUTHORIZATION = new Setting("hbase.security.authorization", "false",
      "HBase's permission checks, as its AccessController makes them: every call is checked against the grants "
          + "(grant, revoke, user_permission), and refused with AccessDeniedException when the user lacks the "
          + "permission.");
  public static final Setting SUPERUSER = new Setting("hbase.superuser", "",
      "With permission checks, users (and @groups) allowed everything, comma separated and not trimmed, as HBase "
          + "reads it. The user the server runs as (its Kerberos principal's short name) always is one.");
  public static final Setting ACCESS_EARLY_OUT = new Setting("hbase.security.access.early_out", "true",
      "With permission checks, refuse a read or write with no grant at all at once, as HBase does by default. "
          + "Only true is supported: false lets cell ACLs decide, and Basalt keeps none.");
  public static final Setting GROUP_MAPPING = new Setting("hadoop.security.group.mapping",
      "org.apache.hadoop.security.JniBasedUnixGroupsMappingWithFallback",
      "With permission checks, how the server finds a user's groups (for grants to @group and hbase.superuser): "
          + "by default the operating system's groups of the user's short name on the server host.");
  public static final Setting GROUP_OVERRIDES = new Setting("hadoop.user.group.static.mapping.overrides", "dr.who=;",
      "Groups fixed in configuration ahead of the group mapping: user=group1,group2;user2=; as in Hadoop.");
  public static final Setting GROUPS_CACHE = new Setting("hadoop.security.groups.cache.secs", "300",
      "How long in seconds a user's groups are cached before the mapping is asked again.");
  public static final Setting KEY_VISUALIZER = new Setting("basalt.keyvisualizer.enabled", "true",
      "Keep the Key Visualizer's record of where in each table's row-key space requests go (a sample of one request "
          + "in sixteen, by minute, in the data directory's keyviz/), for the heatmap on the info port.");
  public static final Setting SLOWLOG_BUFFER = new Setting("hbase.regionserver.slowlog.buffer.enabled", "false",
      "Keep the calls slower or larger than the thresholds below in memory, for Admin.getLogEntries and the shell's "
          + "get_slowlog_responses and get_largelog_responses.");
  public static final Setting SLOWLOG_SIZE = new Setting("hbase.regionserver.slowlog.ringbuffer.size", "256",
      "How many slow and large calls the slow log keeps (together), the newest.");
  public static final Setting WARN_RESPONSE_TIME = new Setting("hbase.ipc.warn.response.time", "10000",
      "A call whose processing (not its time queued) takes more milliseconds than this is slow; -1: none is.");
  public static final Setting WARN_RESPONSE_SIZE = new Setting("hbase.ipc.warn.response.size", "104857600",
      "A call whose answer has more bytes than this is large; -1: none is.");
  public static final Setting WARN_RESPONSE_TIME_SCAN = new Setting("hbase.ipc.warn.response.time.scan", "",
      "hbase.ipc.warn.response.time for scan calls; empty: the same.");
  public static final Setting WARN_RESPONSE_SIZE_SCAN = new Setting("hbase.ipc.warn.response.size.scan", "",
      "hbase.ipc.warn.response.size for scan calls; empty: the same.");
  public static final Setting AUDIT_LOG = new Setting("basalt.audit.log", "off",
      "Which security decisions go to the audit log, one JSON line each (time, user, how it authenticated, client "
          + "address, action, scope, allowed): off, denied (refusals only) or all.");
  public static final Setting AUDIT_LOG_FILE = new Setting("basalt.audit.log.file", "",
      "The audit log's file; empty means audit/audit.log in the data directory. The file being written is this "
          + "name with .0 appended; older ones are .1, .2 and so on.");
  public static final Setting AUDIT_LOG_MAX_BYTES = new Setting("basalt.audit.log.max.bytes", "67108864",
      "The size in bytes at which the audit log starts a new file.");
  public static final Setting AUDIT_LOG_FILES = new Setting("basalt.audit.log.files", "10",
      "How many audit log files are kept, the one being written included; the oldest is deleted.");
  public static final Setting AUTH_TO_LOCAL = new Setting("hadoop.security.auth_to_local", "DEFAULT",
      "Hadoop's rules turning an authenticated principal into the short user name procedures and permissions use; "
          + "DEFAULT drops the instance and realm of principals in the default realm (alice@EXAMPLE.COM is alice).");

  public static final List<Setting> ALL = List.of(
      DATA_DIR, ZOOKEEPER_EMBEDDED, ZOOKEEPER_QUORUM, ZOOKEEPER_PORT, ZOOKEEPER_TLS_PORT, ZNODE_PARENT,
      ZOOKEEPER_SESSION_TIMEOUT,
      CLUSTER_MEMBERS, CLUSTER_NODE, RPC_PORT, INFO_PORT, REST_PORT, THRIFT_PORT, GATEWAY_JVM_OPTIONS, BIND_ADDRESS,
      HOSTNAME, HANDLER_COUNT, CALL_QUEUE_LENGTH, CALL_QUEUE_HANDLER_FACTOR,
      MAX_REQUEST_SIZE, CONNECTION_MAX_IDLE, MAX_SCANNERS_PER_CONNECTION, SHORT_CALLS_ON_IO_THREADS, SCANNER_LEASE,
      SCAN_MAX_RESULT_SIZE, MAX_CELL_SIZE, MAJOR_COMPACTION_PERIOD, MINOR_COMPACTION_CHECK_PERIOD,
      MINOR_COMPACTION_MIN_CELLS, SPLIT_CHECK_PERIOD, MAX_REGION_SIZE, HOT_SHARE_PERCENT, HOT_REQUESTS_PER_SECOND,
      HOT_SUSTAIN, MERGE_MAX_SIZE, MERGE_COLD_REQUESTS_PER_SECOND, MERGE_MIN_AGE, SNAPSHOT_CLEANUP_PERIOD,
      BLOCK_CACHE_BYTES, MEMTABLE_BUDGET_BYTES, BACKGROUND_JOBS, ROW_LOCK_WAIT, SHUTDOWN_GRACE,
      MAX_CLOCK_SKEW, WARNING_CLOCK_SKEW, CLOCK_OFFSET, RAFT_ELECTION_TIMEOUT_MIN, RAFT_ELECTION_TIMEOUT_MAX,
      RAFT_SNAPSHOT_THRESHOLD, RAFT_LOG_SEGMENT_BYTES, RAFT_ENTRY_MAX_BYTES,
      TLS_ENABLED, TLS_SUPPORT_PLAINTEXT, TLS_CLIENT_AUTH, TLS_VERIFY_CLIENT_HOSTNAME, TLS_WRAP_SIZE, TLS_KEYSTORE,
      TLS_KEYSTORE_PASSWORD, TLS_KEYSTORE_TYPE, TLS_TRUSTSTORE, TLS_TRUSTSTORE_PASSWORD, TLS_TRUSTSTORE_TYPE,
      TLS_PROTOCOL, TLS_ENABLED_PROTOCOLS, TLS_CIPHER_SUITES, TLS_CERT_RELOAD, TLS_FILE_POLL_INTERVAL, TLS_CRL,
      TLS_OCSP, TLS_REVERSE_DNS, HTTPS_ENABLED, AUTHENTICATION, KERBEROS_PRINCIPAL, KERBEROS_KEYTAB,
      MASTER_KERBEROS_PRINCIPAL, MASTER_KERBEROS_KEYTAB, RPC_PROTECTION, SIMPLE_AUTH_FALLBACK,
      TOKEN_KEY_UPDATE_INTERVAL, TOKEN_MAX_LIFETIME, CERTIFICATE_USER, AUTH_TO_LOCAL, AUTHORIZATION, SUPERUSER,
      ACCESS_EARLY_OUT, GROUP_MAPPING, GROUP_OVERRIDES, GROUPS_CACHE, KEY_VISUALIZER, SLOWLOG_BUFFER, SLOWLOG_SIZE,
      WARN_RESPONSE_TIME, WARN_RESPONSE_SIZE, WARN_RESPONSE_TIME_SCAN, WARN_RESPONSE_SIZE_SCAN, AUDIT_LOG,
      AUDIT_LOG_FILE, AUDIT_LOG_MAX_BYTES, AUDIT_LOG_FILES);

  private Settings() {}
}
