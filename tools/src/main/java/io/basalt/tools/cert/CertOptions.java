package io.basalt.tools.cert;

import static io.basalt.tools.OptionValues.value;

import io.basalt.tools.UsageException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** What {@code basalt cert} was asked to do, parsed from its command line. */
record CertOptions(Path dir, List<String> hosts, List<String> clients, int days, String password, boolean force) {
  static final String DEFAULT_DIR = "tls";
  static final String DEFAULT_CLIENT = "basalt-client";
  static final int DEFAULT_DAYS = 365;
  /** Keeps notAfter within the four-digit years X.509 can encode, with room to spare. */
  static final int MAX_DAYS = 36_500;
  static final String DEFAULT_PASSWORD = "changeit";

  static final String USAGE = String.join("\n",
      "Usage: basalt cert [--dir DIR] [--host NAME]... [--client NAME]... [--days N] [--password PASSWORD] [--force]",
      "Makes a throwaway certificate authority and, signed by it, a server certificate and client certificates,",
      "each as JKS, PKCS#12 and PEM, for trying TLS on Basalt's (or HBase 2.6's) RPC port. Not for production.",
      "",
      "Options:",
      "  --dir DIR            where the files go (default ./" + DEFAULT_DIR + ", created if missing)",
      "  --host NAME          a host name or IP address clients reach the server by (may be repeated); the first",
      "                       is the server certificate's common name. The certificate names localhost, 127.0.0.1,",
      "                       ::1 and this machine's host names in any case",
      "  --client NAME        a client certificate with common name NAME, written as NAME.jks, NAME.p12 and",
      "                       NAME.pem (may be repeated; default one client, " + DEFAULT_CLIENT + ")",
      "  --days N             how long the certificates are valid (default " + DEFAULT_DAYS + ")",
      "  --password PASSWORD  the password of every store and key (default " + DEFAULT_PASSWORD + ")",
      "  --force              replace the files of an earlier run in DIR, its CA included",
      "  --help               this help",
      "",
      "It writes ca.pem and ca-key.pem (the CA's certificate and key), truststore.jks and truststore.p12 (the CA",
      "certificate as trust stores), server.jks, server.p12 and server.pem, the same three for each client, and",
      "server-tls.xml and client-tls.xml: the hbase-site.xml properties that turn TLS on with them. Key files and",
      "the two XML files (which hold the password) are readable by their owner only.",
      "",
      "Exit status: 0 written, 1 failed or DIR already holds such files (without --force), 2 bad usage.");

  /** Host names: letters, digits, '-', '_', '.', and '*' for wildcards, not starting with '-' or '.'. */
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9_*][A-Za-z0-9_*.-]*");
  /** Client names become file names: nothing that could leave DIR or hide the file. */
  private static final Pattern CLIENT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
  /** Client names whose files would overwrite the CA's, the trust stores or the server's. */
  private static final Set<String> RESERVED = Set.of("ca", "ca-key", "truststore", "server");

  /** Parses the arguments after {@code cert}; throws {@link UsageException} for anything it cannot accept. */
  static CertOptions parse(String... args) throws UsageException {
    Path dir = Path.of(DEFAULT_DIR);
    List<String> hosts = new ArrayList<>();
    List<String> clients = new ArrayList<>();
    int days = DEFAULT_DAYS;
    String password = DEFAULT_PASSWORD;
    boolean force = false;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--dir" -> dir = path(value(args, ++i, arg));
        case "--host" -> hosts.add(host(value(args, ++i, arg)));
        case "--client" -> clients.add(client(value(args, ++i, arg), clients));
        case "--days" -> days = days(value(args, ++i, arg));
        case "--password" -> {
          password = value(args, ++i, arg);
          if (password.isEmpty()) {
            throw new UsageException("--password may not be empty: JKS and PKCS#12 stores need one");
          }
        }
        case "--force" -> force = true;
        default -> throw new UsageException("unknown option " + arg);
      }
    }
    if (clients.isEmpty()) {
      clients.add(DEFAULT_CLIENT);
    }
    return new CertOptions(dir, List.copyOf(hosts), List.copyOf(clients), days, password, force);
  }

  private static Path path(String value) throws UsageException {
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw new UsageException("'" + value + "' is not a directory path: " + e.getMessage());
    }
  }

  /** Whether the value can go into a certificate as a host: an IP address literal or a plain host name. */
  static boolean isHost(String value) {
    return SubjectAltNames.isIpAddress(value) || HOST.matcher(value).matches();
  }

  private static String host(String value) throws UsageException {
    if (isHost(value)) {
      return value;
    }
    throw new UsageException("--host takes a host name or an IP address, not '" + value + "'");
  }

  private static String client(String value, List<String> earlier) throws UsageException {
    if (!CLIENT.matcher(value).matches()) {
      throw new UsageException("--client takes a name of letters, digits, '.', '_' and '-' (it names its files), "
          + "not '" + value + "'");
    }
    if (RESERVED.contains(value.toLowerCase(Locale.ROOT))) {
      throw new UsageException("--client " + value + " would overwrite the " + value + " files; choose another name");
    }
    if (earlier.contains(value)) {
      throw new UsageException("--client " + value + " is named twice");
    }
    return value;
  }

  private static int days(String value) throws UsageException {
    try {
      int parsed = Integer.parseInt(value);
      if (parsed > 0 && parsed <= MAX_DAYS) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("--days takes a number from 1 to " + MAX_DAYS + ", not '" + value + "'");
  }
}
