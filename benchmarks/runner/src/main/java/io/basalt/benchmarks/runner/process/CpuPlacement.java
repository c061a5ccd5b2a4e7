package io.basalt.benchmarks.runner.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which CPUs the servers and the clients run on. By default they share every core, and on a small machine the
 * client then limits what either server can show; given CPU lists, every server process (and the storage
 * microbenchmarks, the ceiling of what the server's cores can do) is started under {@code taskset -c} on the
 * server's CPUs and every client JVM on the clients' CPUs, so that the clients do not take the servers' cores.
 *
 * @param serverCpus CPU list for the servers, in {@code taskset}'s syntax ("2-3", "4,6"), or null for no pinning
 * @param clientCpus CPU list for the clients, or null for no pinning
 */
public record CpuPlacement(String serverCpus, String clientCpus) {
  private static final Pattern CPU_LIST = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");

  public CpuPlacement {
    check("--server-cpus", serverCpus);
    check("--client-cpus", clientCpus);
  }

  /** Servers and clients share every core, as they did before CPU lists could be given. */
  public static CpuPlacement shared() {
    return new CpuPlacement(null, null);
  }

  /** The start of a server's or microbenchmark's command line: {@code taskset -c <cpus>}, or nothing. */
  public List<String> serverLauncher() {
    return launcher(serverCpus);
  }

  /** The start of a client JVM's command line. */
  public List<String> clientLauncher() {
    return launcher(clientCpus);
  }

  /** A line for the report saying where each side ran. */
  public String describe() {
    if (serverCpus == null && clientCpus == null) {
      return "CPU placement: clients and servers share every core (no --server-cpus or --client-cpus)";
    }
    return "CPU placement: servers and storage microbenchmarks on " + cpus(serverCpus) + ", clients on "
        + cpus(clientCpus);
  }

  /** Refuses to pin anything when {@code taskset} cannot be found, before any server starts. */
  public void requireTaskset() {
    if ((serverCpus != null || clientCpus != null) && findTaskset() == null) {
      throw new IllegalArgumentException("--server-cpus and --client-cpus need taskset (util-linux) on the PATH");
    }
  }

  private static List<String> launcher(String cpus) {
    return cpus == null ? List.of() : List.of("taskset", "-c", cpus);
  }

  private static String cpus(String list) {
    if (list == null) {
      return "every core";
    }
    return (list.matches("\\d+") ? "CPU " : "CPUs ") + list;
  }

  private static void check(String flag, String list) {
    if (list != null && !CPU_LIST.matcher(list).matches()) {
      throw new IllegalArgumentException(flag + " takes a CPU list such as 0-3 or 0,2, not " + list);
    }
  }

  private static Path findTaskset() {
    String path = System.getenv("PATH");
    for (String directory : (path == null ? "/usr/bin:/bin" : path).split(File.pathSeparator)) {
      Path candidate = Path.of(directory, "taskset");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
