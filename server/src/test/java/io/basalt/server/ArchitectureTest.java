package io.basalt.server;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The shape docs/architecture.md draws, checked on every build. Maven's modules already keep storage from seeing the
 * adapter and the adapter from seeing the server; what they cannot stop is the server reaching past the adapter into
 * storage, or two packages of one module needing each other. Either makes a change to one layer (a Raft log between
 * the adapter and the store, a master role above it) reach into places it should not.
 */
class ArchitectureTest {
  /** Every main class of the three modules, all on this module's test class path; tests left out. */
  private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("io.basalt.storage", "io.basalt.hbase", "io.basalt.server");

  @Test
  void noTwoPackagesDependOnEachOtherInACircle() {
    slices().matching("io.basalt.(**)").should().beFreeOfCycles().check(MAIN_CLASSES);
  }

  /** A request goes from the network to the adapter and from the adapter to storage; only the assembly opens it. */
  @Test
  void theServerReachesStorageOnlyWhereItAssemblesTheProcess() {
    noClasses().that().resideInAPackage("io.basalt.server..").and().doNotBelongToAnyOf(BasaltServer.class, NodeStore.class)
        .should().dependOnClassesThat().resideInAPackage("io.basalt.storage..")
        .check(MAIN_CLASSES);
  }

  /** Framing and threads are the server's; the adapter sees requests as protobuf messages and cells. */
  @Test
  void theAdapterKnowsNothingOfNetty() {
    noClasses().that().resideInAPackage("io.basalt.hbase..")
        .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "org.apache.hbase.thirdparty.io.netty..")
        .check(MAIN_CLASSES);
  }
}
