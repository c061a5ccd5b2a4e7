package io.basalt.storage.catalog;

import java.util.ArrayList;
import java.util.List;

/** A family to create, with how its files are written; the store gives it a column family and a definition. */
public record NewFamily(byte[] name, FamilyOptions options) {
  /** Families with the default options. */
  public static List<NewFamily> withDefaults(List<byte[]> names) {
    List<NewFamily> families = new ArrayList<>();
    names.forEach(name -> families.add(new NewFamily(name, FamilyOptions.DEFAULT)));
    return families;
  }
}
