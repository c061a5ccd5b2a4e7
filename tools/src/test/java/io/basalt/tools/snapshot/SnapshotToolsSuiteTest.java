package io.basalt.tools.snapshot;

import org.junit.platform.suite.api.SelectClasses;
import org.junit.platform.suite.api.Suite;

/**
 * The snapshot import's and export's tests in one JVM, on one real HBase and one Basalt
 * ({@link SnapshotTestClusters}): starting HBase is most of either class's time, and the module's two test JVMs pick
 * up classes as they come free, so only a suite keeps the two classes on the same pair. The build runs the two
 * classes through this suite alone (tools/pom.xml leaves them out of its own scan); {@code -Dtest=} runs either
 * class by itself, starting a pair of its own.
 */
@Suite
@SelectClasses({ImportSnapshotTest.class, ExportSnapshotTest.class})
class SnapshotToolsSuiteTest {}
