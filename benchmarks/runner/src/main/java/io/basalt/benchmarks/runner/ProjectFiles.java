package io.basalt.benchmarks.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the build leaves what the runner needs, and where the runner writes, relative to the repository root. */
public record ProjectFiles(Path root) {

  public Path peClasspath() {
    return root.resolve("benchmarks/pe-client/target/pe-client.classpath");
  }

  public Path ycsbClasses() {
    return root.resolve("benchmarks/ycsb-binding/target/classes");
  }

  public Path ycsbClasspath() {
    return root.resolve("benchmarks/ycsb-binding/target/ycsb.classpath");
  }

  public Path jmhClasses() {
    return root.resolve("benchmarks/storage-jmh/target/classes");
  }

  public Path jmhClasspath() {
    return root.resolve("benchmarks/storage-jmh/target/jmh.classpath");
  }

  public Path bulkLoadClasses() {
    return root.resolve("benchmarks/bulkload-client/target/classes");
  }

  public Path loadGeneratorClasses() {
    return root.resolve("benchmarks/load-generator/target/classes");
  }

  public Path loadGeneratorClasspath() {
    return root.resolve("benchmarks/load-generator/target/load-generator.classpath");
  }

  /** Real HBase's jars (hbase-server and what it needs), as the harness launches HBase from them. */
  public Path oracleClasspath() {
    return root.resolve("conformance-tests/hbase-oracle/target/hbase-oracle.classpath");
  }

  /** The command operators run ({@code bin/basalt}): the snapshot import is measured through it. */
  public Path basaltCommand() {
    return root.resolve("bin/basalt");
  }

  public Path results() {
    return root.resolve("benchmarks/target/results");
  }

  public Path work() {
    return root.resolve("benchmarks/target/work");
  }

  public Path docs() {
    return root.resolve("docs/benchmarks.md");
  }

  /** Fails early, naming the file, when the build has not produced something a suite needs. */
  public static Path required(Path file) throws IOException {
    if (!Files.exists(file)) {
      throw new IOException("missing " + file + "; build first: mvn -B -ntp -DskipTests package -pl "
          + "benchmarks/runner -am (bin/benchmark does)");
    }
    return file;
  }
}
