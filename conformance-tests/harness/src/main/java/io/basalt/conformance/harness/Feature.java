package io.basalt.conformance.harness;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.DisplayNameGeneration;

/**
 * Marks what a conformance test proves, for the client compatibility table. On a class it applies to every test of
 * the class; a method adds its own. The features become part of each test's display name ({@code [PUT, GET]
 * method}), which Surefire writes to its XML reports, where the compatibility report reads them.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Inherited
@DisplayNameGeneration(FeatureDisplayNames.class)
public @interface Feature {
  ClientFeature[] value();
}
