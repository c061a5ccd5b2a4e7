package io.basalt.examples.counters;

/** One visit to a page on a day (yyyyMMdd). */
public record PageView(String page, String day) {}
