package io.basalt.examples.flights;

/** A flight as the arrivals question reads it back: its {@code Flight_Information} only. */
public record ArrivingFlight(
    String recordNumber,
    String flightNumber,
    String origin,
    String destination,
    String departure,
    String arrival,
    int passengers,
    int capacity) {}
