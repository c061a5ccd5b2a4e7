package io.basalt.examples.webtable;

/** A page of the invented web: where it lives, its title and the language it is written in. */
public record WebPage(String host, String path, String title, String language) {
  public String url() {
    return "http://" + host + path;
  }
}
