package io.basalt.examples.highways;

/** A speed sensor at a mile marker of a highway. */
public record Sensor(String highway, int mile) {}
