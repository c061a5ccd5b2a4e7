package io.basalt.examples.webtable;

/** A link found on a page of {@code fromHost}, pointing at {@code to}, with the text the reader clicks. */
public record Link(String fromHost, WebPage to, String text) {}
