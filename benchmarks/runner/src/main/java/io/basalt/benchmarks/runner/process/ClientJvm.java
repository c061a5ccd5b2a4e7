package io.basalt.benchmarks.runner.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The start of a command line for a client JVM: the same Java as the runner, a fixed heap, the module openings the
 * HBase client's shaded Netty and Hadoop need on JDK 17, and an English locale so numbers print with a decimal
 * point.
 */
public final class ClientJvm {
  private static final List<String> OPENED_PACKAGES = List.of("java.io", "java.nio", "sun.nio.ch", "java.lang",
      "java.lang.reflect", "java.util", "java.util.concurrent", "jdk.internal.ref");

  private ClientJvm() {}

  public static List<String> command(String heap, String classpath) {
    List<String> command = new ArrayList<>(List.of(javaExecutable(), "-Xms" + heap, "-Xmx" + heap,
        "-Duser.language=en", "-Duser.country=US", "-Djava.net.preferIPv4Stack=true",
        "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true",
        "--add-modules", "jdk.unsupported", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"));
    for (String pkg : OPENED_PACKAGES) {
      command.add("--add-opens");
      command.add("java.base/" + pkg + "=ALL-UNNAMED");
    }
    command.add("-cp");
    command.add(classpath);
    return command;
  }

  public static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
