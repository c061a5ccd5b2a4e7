package io.basalt.examples.flights;

import java.time.LocalDateTime;

/**
 * One flight as the feed delivers it: a record number, where and when it left and landed (UTC), how full it was,
 * and the aircraft that flew it.
 */
public record Flight(
    long id,
    String flightNumber,
    String origin,
    String destination,
    LocalDateTime departure,
    LocalDateTime arrival,
    int passengers,
    int capacity,
    String make,
    String model,
    int aircraftAgeYears) {}
