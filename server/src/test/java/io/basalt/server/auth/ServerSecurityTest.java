package io.basalt.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerSecurityTest {
  @Test
  void simpleAuthenticationNeedsNothing() throws ConfigException {
    ServerSecurity security = ServerSecurity.login(BasaltConfig.of(), "localhost");
    assertNull(security.sasl());
    assertEquals("", security.describe());
  }

  /** A configuration copied from a secured HBase must not run without the checks it asks for. */
  @Test
  void askingForPermissionChecksStopsTheStart() {
    ConfigException refused = assertThrows(ConfigException.class, () -> ServerSecurity.login(
        BasaltConfig.of(Map.of("hbase.security.authorization", "true")), "localhost"));
    assertEquals("hbase.security.authorization=true asks for HBase's permission checks, which Basalt does not make "
        + "yet (docs/security.md); refusing to start without them", refused.getMessage());
  }
}
