package io.basalt.hbase.service;

import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionDirectory;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier;

/** Resolves the region a request names, by full or encoded region name. */
final class RegionResolver {
  private final RegionDirectory directory;

  RegionResolver(RegionDirectory directory) {
    this.directory = directory;
  }

  Region resolve(RegionSpecifier specifier) throws NotServingRegionException {
    byte[] value = specifier.getValue().toByteArray();
    return switch (specifier.getType()) {
      case REGION_NAME -> directory.byName(value);
      case ENCODED_REGION_NAME -> directory.byEncodedName(new String(value, StandardCharsets.UTF_8));
    };
  }
}
