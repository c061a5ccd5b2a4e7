package io.basalt.tools.cert;

import io.basalt.tools.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code basalt cert}: makes a throwaway certificate authority, a server certificate and client certificates in
 * every store format HBase reads, and the hbase-site.xml properties that use them, so TLS can be tried without
 * running a PKI. What it wrote and how to use it goes to standard output, errors to standard error.
 */
public final class CertCommand {
  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_USAGE = 2;

  private CertCommand() {
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command line and returns its exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
      out.println(CertOptions.USAGE);
      return EXIT_OK;
    }
    CertOptions options;
    try {
      options = CertOptions.parse(args);
    } catch (UsageException e) {
      err.println("basalt cert: " + e.getMessage());
      err.println("Try 'basalt cert --help'.");
      return EXIT_USAGE;
    }
    CertDirectory directory = new CertDirectory(options);
    Optional<Path> existing = directory.firstExisting();
    if (existing.isPresent() && !options.force()) {
      err.println("basalt cert: " + existing.get() + " already exists: " + directory.dir() + " holds the files of"
          + " an earlier run. A new CA would make its certificates useless; --force replaces them all.");
      return EXIT_FAILED;
    }
    try {
      printSummary(directory.write(), options, out);
      return EXIT_OK;
    } catch (IOException | GeneralSecurityException | RuntimeException e) {
      err.println("basalt cert: error: " + e);
      return EXIT_FAILED;
    }
  }

  private static void printSummary(CertDirectory.Written written, CertOptions options, PrintStream out) {
    boolean defaultPassword = options.password().equals(CertOptions.DEFAULT_PASSWORD);
    out.println("Wrote a throwaway CA and certificates, valid for " + options.days() + " days, to " + written.dir());
    out.println("Every store and key has " + (defaultPassword ? "the default password, changeit." : "the password"
        + " given with --password."));
    row(out, "ca.pem, ca-key.pem", "the CA's certificate and private key");
    row(out, "truststore.jks, .p12", "the CA's certificate as trust stores (ca.pem is the PEM one)");
    row(out, "server.jks, .p12, .pem", "the server's key and certificate: CN=" + written.serverName() + ", for "
        + String.join(", ", written.serverAltNames()));
    for (String client : written.clients()) {
      row(out, client + ".jks, .p12, .pem", "client " + client + "'s key and certificate, for "
          + String.join(", ", written.clientAltNames()));
    }
    row(out, "server-tls.xml, client-tls.xml", "the HBase properties that use the PKCS12 stores (the client's as "
        + written.clients().get(0) + ")");
    out.println("To try TLS, add the properties of server-tls.xml to the server's configuration (Basalt:");
    out.println("conf/basalt-site.xml or the file --config names) and those of client-tls.xml to the client's");
    out.println("hbase-site.xml (HBase 2.6 or later). Clients that reach the server by another name or address");
    out.println("need that name in its certificate: run again with --host NAME and --force.");
  }

  private static void row(PrintStream out, String files, String meaning) {
    out.printf(Locale.ROOT, "  %-31s %s%n", files, meaning);
  }
}
