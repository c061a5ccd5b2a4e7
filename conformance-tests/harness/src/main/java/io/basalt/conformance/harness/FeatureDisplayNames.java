package io.basalt.conformance.harness;

import java.lang.reflect.Method;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayNameGenerator;

/**
 * Display names that carry a test's {@link Feature}s: {@code [PUT, GET] putsAndGets}. {@link #features} reads them
 * back from a report.
 */
public final class FeatureDisplayNames extends DisplayNameGenerator.Standard {
  private static final Pattern TAGGED = Pattern.compile("^\\[([A-Z_, ]*)\\] (.+)$");

  @Override
  public String generateDisplayNameForMethod(List<Class<?>> enclosingInstanceTypes, Class<?> testClass,
      Method testMethod) {
    Set<ClientFeature> features = EnumSet.noneOf(ClientFeature.class);
    addFeatures(testClass.getAnnotation(Feature.class), features);
    addFeatures(testMethod.getAnnotation(Feature.class), features);
    if (features.isEmpty()) {
      return super.generateDisplayNameForMethod(enclosingInstanceTypes, testClass, testMethod);
    }
    return features.stream().map(Enum::name).collect(Collectors.joining(", ", "[", "] ")) + testMethod.getName();
  }

  private static void addFeatures(Feature feature, Set<ClientFeature> features) {
    if (feature != null) {
      features.addAll(List.of(feature.value()));
    }
  }

  /** The features a display name made by this generator carries; empty for any other name. */
  public static Set<ClientFeature> features(String displayName) {
    Matcher matcher = TAGGED.matcher(displayName);
    Set<ClientFeature> features = EnumSet.noneOf(ClientFeature.class);
    if (matcher.matches()) {
      for (String name : matcher.group(1).split(",")) {
        features.add(ClientFeature.valueOf(name.trim()));
      }
    }
    return features;
  }
}
