package io.basalt.embedded.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.embedded.junit.BasaltExtension;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The converted test of docs/testing-with-basalt.md, exactly as shown there. */
class UserEventsTest {
  @RegisterExtension
  static final BasaltExtension BASALT = new BasaltExtension();

  private static UserEvents events;

  @BeforeAll
  static void setUp() throws IOException {
    BASALT.basalt().createTable(UserEvents.TABLE, "e").close();
    events = new UserEvents(BASALT.connection());
  }

  @Test
  void newestEventsComeFirst() throws IOException {
    events.record("ada", 1_000, "login");
    events.record("ada", 2_000, "search");
    events.record("ada", 3_000, "logout");
    events.record("bob", 2_500, "login");

    assertEquals(List.of("logout", "search"), events.latest("ada", 2));
    assertEquals(List.of("login"), events.latest("bob", 10));
  }
}
