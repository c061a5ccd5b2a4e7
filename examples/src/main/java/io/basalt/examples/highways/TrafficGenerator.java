package io.basalt.examples.highways;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * Invents the readings of a network of speed sensors, every sensor once a minute from 06:00 on a weekday morning:
 * free-flowing traffic that slows down as the rush hour builds, and a slow stretch around an interchange on I35.
 * The same seed always gives the same readings.
 */
public final class TrafficGenerator {
  public static final LocalDateTime FIRST_MINUTE = LocalDateTime.of(2024, 3, 21, 6, 0);

  private record Highway(String name, int firstMile, int lastMile, int freeFlowMph) {}

  private static final List<Highway> HIGHWAYS = List.of(
      new Highway("I35", 300, 379, 70), new Highway("I5", 100, 179, 65),
      new Highway("I80", 200, 279, 70), new Highway("I90", 50, 129, 65));
  private static final Map<String, Highway> BY_NAME =
      HIGHWAYS.stream().collect(Collectors.toMap(Highway::name, highway -> highway));

  private final List<Sensor> sensors;
  private final Random random;
  private int nextMinute;

  public TrafficGenerator(long seed) {
    List<Sensor> all = new ArrayList<>();
    for (Highway highway : HIGHWAYS) {
      for (int mile = highway.firstMile(); mile <= highway.lastMile(); mile++) {
        all.add(new Sensor(highway.name(), mile));
      }
    }
    // In row-key order, so that consecutive sensors are neighbours in the table too.
    all.sort(Comparator.comparing(SpeedSchema::sensorPrefix));
    this.sensors = List.copyOf(all);
    this.random = new Random(seed);
  }

  /** Every sensor, in the order their rows sort in the well-keyed table. */
  public List<Sensor> sensors() {
    return sensors;
  }

  /** The readings of every sensor for the next minute; the first call gives 06:00, the next 06:01, and so on. */
  public List<SpeedReading> nextMinute() {
    LocalDateTime time = FIRST_MINUTE.plusMinutes(nextMinute++);
    List<SpeedReading> readings = new ArrayList<>(sensors.size());
    for (Sensor sensor : sensors) {
      readings.add(new SpeedReading(sensor, time, speed(sensor, time)));
    }
    return readings;
  }

  private int speed(Sensor sensor, LocalDateTime time) {
    double mph = BY_NAME.get(sensor.highway()).freeFlowMph();
    // The rush hour deepens towards 08:00 and takes up to a third of the speed.
    double hour = time.getHour() + time.getMinute() / 60.0;
    mph *= 1 - Math.max(0, 1 - Math.abs(hour - 8) / 2) / 3;
    if (sensor.highway().equals("I35") && sensor.mile() >= 343 && sensor.mile() <= 348) {
      mph *= 0.6; // the interchange: merging traffic
    }
    return (int) Math.max(5, Math.round(mph + random.nextGaussian() * 3));
  }
}
