package io.basalt.storage.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.basalt.storage.catalog.FamilyOptions.Bloom;
import io.basalt.storage.catalog.FamilyOptions.Compression;
import java.util.List;
import org.junit.jupiter.api.Test;

class FamilyOptionsTest {
  private static final FamilyOptions BASE = new FamilyOptions(Compression.LZ4, Bloom.NONE, 65_536, true, false);

  @Test
  void equalOptionsAreEqualWithEqualHashes() {
    FamilyOptions same = new FamilyOptions(Compression.LZ4, Bloom.NONE, 65_536, true, false);
    assertEquals(BASE, same);
    assertEquals(BASE.hashCode(), same.hashCode());
    assertEquals(FamilyOptions.DEFAULT, same);
  }

  @Test
  void everyComponentTakesPart() {
    List<FamilyOptions> others = List.of(
        new FamilyOptions(Compression.ZSTD, Bloom.NONE, 65_536, true, false),
        new FamilyOptions(Compression.LZ4, Bloom.KEY, 65_536, true, false),
        new FamilyOptions(Compression.LZ4, Bloom.NONE, 4_096, true, false),
        new FamilyOptions(Compression.LZ4, Bloom.NONE, 65_536, false, false),
        new FamilyOptions(Compression.LZ4, Bloom.NONE, 65_536, true, true));
    for (FamilyOptions other : others) {
      assertNotEquals(BASE, other);
      assertNotEquals(BASE.hashCode(), other.hashCode(), other.toString());
    }
    assertNotEquals(BASE, null);
    assertNotEquals(BASE, "LZ4");
  }
}
