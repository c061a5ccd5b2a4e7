package io.basalt.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Runs {@link StartToFirstPut} from the build, where the test class path is at hand:
 * {@code mvn -pl storage,hbase-adapter,server,embedded test -Dtest=StartToFirstPutRun -Dsurefire.failIfNoSpecifiedTests=false -Dbasalt.startup.runs=5}.
 * Each run fails unless its put was acknowledged and read back; the timings go to
 * {@code target/surefire-reports/io.basalt.embedded.StartToFirstPutRun-output.txt}.
 */
@EnabledIfSystemProperty(named = "basalt.startup.runs", matches = "[1-9][0-9]*")
class StartToFirstPutRun {
  @Test
  void measure() throws Exception {
    StartToFirstPut.measure(Integer.getInteger("basalt.startup.runs"));
  }
}
