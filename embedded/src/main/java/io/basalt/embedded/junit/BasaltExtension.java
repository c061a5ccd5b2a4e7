package io.basalt.embedded.junit;

import io.basalt.embedded.EmbeddedBasalt;
import io.basalt.embedded.EmbeddedBasaltBuilder;
import java.io.IOException;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension running an {@link EmbeddedBasalt} for a test class.
 *
 * <p>In a {@code static} field with {@code @RegisterExtension}, or as {@code @ExtendWith(BasaltExtension.class)},
 * one server serves every test of the class (nested classes included) and stops after the last. In an instance
 * field each test gets a server of its own. Test and lifecycle methods may take an {@link EmbeddedBasalt},
 * {@link Configuration} or {@link Connection} parameter.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final BasaltExtension BASALT = new BasaltExtension().deleteTablesAfterEach();
 *
 * @Test
 * void writesAndReads() throws IOException {
 *   try (Table table = BASALT.basalt().createTable(TableName.valueOf("t"), "f")) { ... }
 * }
 * }</pre>
 */
public final class BasaltExtension implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback,
    AfterEachCallback, ParameterResolver {
  private final UnaryOperator<EmbeddedBasaltBuilder> settings;
  private boolean deleteTablesAfterEach;
  private EmbeddedBasalt basalt;
  private ExtensionContext owner;

  /** A server with {@link EmbeddedBasaltBuilder}'s test defaults. */
  public BasaltExtension() {
    this(UnaryOperator.identity());
  }

  /** A server started from a builder this function adjusts, e.g. {@code b -> b.property(key, value)}. */
  public BasaltExtension(UnaryOperator<EmbeddedBasaltBuilder> settings) {
    this.settings = settings;
  }

  /** After every test, drops the tables and namespaces it made, so tests sharing the server start clean. */
  public BasaltExtension deleteTablesAfterEach() {
    this.deleteTablesAfterEach = true;
    return this;
  }

  /** The running server; only valid inside a test or lifecycle method. */
  public EmbeddedBasalt basalt() {
    if (basalt == null) {
      throw new IllegalStateException("Basalt is not running: use it from a test or lifecycle method");
    }
    return basalt;
  }

  /** Shortcut for {@code basalt().configuration()}. */
  public Configuration configuration() {
    return basalt().configuration();
  }

  /** Shortcut for {@code basalt().connection()}. */
  public Connection connection() throws IOException {
    return basalt().connection();
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    startFor(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    // Registered on an instance field, the extension sees no beforeAll: the server then lives for one test.
    startFor(context);
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    if (basalt != null && deleteTablesAfterEach && owner != context) {
      basalt.deleteAllTables();
    }
    stopFor(context);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    stopFor(context);
  }

  private synchronized void startFor(ExtensionContext context) throws IOException {
    if (basalt == null) {
      basalt = settings.apply(EmbeddedBasalt.builder()).start();
      owner = context;
    }
  }

  private synchronized void stopFor(ExtensionContext context) {
    if (basalt != null && owner == context) {
      basalt.close();
      basalt = null;
      owner = null;
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == EmbeddedBasalt.class || type == Configuration.class || type == Connection.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == EmbeddedBasalt.class) {
      return basalt();
    }
    if (type == Configuration.class) {
      return configuration();
    }
    try {
      return connection();
    } catch (IOException e) {
      throw new ParameterResolutionException("cannot connect to the embedded Basalt: " + e.getMessage(), e);
    }
  }
}
