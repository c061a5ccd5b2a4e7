package io.basalt.hbase.region;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier;

/** Resolves the region a request names, by full or encoded region name. */
public final class RegionResolver {
  private final RegionDirectory directory;

  public RegionResolver(RegionDirectory directory) {
    this.directory = directory;
  }

  public Region resolve(RegionSpecifier specifier) throws NotServingRegionException {
    byte[] value = specifier.getValue().toByteArray();
    return switch (specifier.getType()) {
      case REGION_NAME -> directory.byName(value);
      case ENCODED_REGION_NAME -> directory.byEncodedName(new String(value, StandardCharsets.UTF_8));
    };
  }
}
