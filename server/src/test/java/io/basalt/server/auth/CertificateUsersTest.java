package io.basalt.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CertificateUsersTest {
  @Test
  void theCommonNameIsTheMostSpecificCnOfTheSubject() throws ConfigException {
    CertificateUsers cn = rule("cn");
    assertEquals("alice", cn.name("CN=alice,OU=Data,O=Example"));
    assertEquals("svc/host.example.com@EXAMPLE.COM", cn.name("CN=svc/host.example.com@EXAMPLE.COM,O=Example"));
    assertEquals("a, b", cn.name("CN=a\\, b,O=Example"));
    assertNull(cn.name("OU=Data,O=Example"));
  }

  @Test
  void theDistinguishedNameIsTakenWhole() throws ConfigException {
    assertEquals("CN=alice,OU=Data,O=Example", rule("DN").name("CN=alice,OU=Data,O=Example"));
  }

  @Test
  void noneMapsNothingAndAnythingElseIsRefused() throws ConfigException {
    assertNull(rule("none"));
    assertEquals("basalt.security.certificate.user must be none, CN or DN, not 'email'",
        assertThrows(ConfigException.class, () -> rule("email")).getMessage());
  }

  private static CertificateUsers rule(String value) throws ConfigException {
    return CertificateUsers.fromConfig(BasaltConfig.of(Map.of("basalt.security.certificate.user", value)));
  }
}
