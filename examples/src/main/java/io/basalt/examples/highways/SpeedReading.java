package io.basalt.examples.highways;

import java.time.LocalDateTime;

/** What one sensor measured at one minute (UTC): the average speed of the vehicles passing it. */
public record SpeedReading(Sensor sensor, LocalDateTime time, int speedMph) {}
