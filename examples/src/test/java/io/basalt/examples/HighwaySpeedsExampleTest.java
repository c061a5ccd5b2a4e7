package io.basalt.examples;

import static io.basalt.examples.highways.HighwaySpeedsExample.FIRST_MILE_ASKED;
import static io.basalt.examples.highways.HighwaySpeedsExample.HIGHWAY_ASKED;
import static io.basalt.examples.highways.HighwaySpeedsExample.LAST_MILE_ASKED;
import static io.basalt.examples.highways.HighwaySpeedsExample.LATEST_COUNT;
import static io.basalt.examples.highways.HighwaySpeedsExample.MILE_ASKED;
import static io.basalt.examples.highways.HighwaySpeedsExample.TABLETS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.examples.highways.HighwaySpeedsExample;
import io.basalt.examples.highways.SpeedReading;
import io.basalt.examples.highways.TrafficGenerator;
import io.basalt.examples.highways.WriteHeatMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(BasaltConnectionResolver.class)
class HighwaySpeedsExampleTest {
  private static final int MINUTES = 8;

  @Test
  void scansAnswerTheQuestionsAndOnlyTheTimestampFirstKeyHotSpots(Connection connection) throws Exception {
    HighwaySpeedsExample example = new HighwaySpeedsExample(connection, System.out);
    HighwaySpeedsExample.Results results = example.run(MINUTES);
    List<SpeedReading> generated = generatedReadings();
    int sensors = new TrafficGenerator(HighwaySpeedsExample.SEED).sensors().size();

    List<SpeedReading> atMile = generated.stream()
        .filter(reading -> reading.sensor().highway().equals(HIGHWAY_ASKED)
            && reading.sensor().mile() == MILE_ASKED)
        .sorted(Comparator.comparing(SpeedReading::time).reversed())
        .toList();
    assertEquals(atMile.subList(0, Math.min(LATEST_COUNT, atMile.size())), results.latest(),
        "the newest readings, newest first");
    for (int i = 1; i < results.latest().size(); i++) {
      assertTrue(results.latest().get(i - 1).time().isAfter(results.latest().get(i).time()), "descending time");
    }
    assertEquals(atMile.subList(0, 3), example.latestReadings(HIGHWAY_ASKED, MILE_ASKED, 3), "the scan's limit");

    assertEquals(LAST_MILE_ASKED - FIRST_MILE_ASKED + 1, results.milesBetween().size());
    for (HighwaySpeedsExample.MileSpeeds mile : results.milesBetween()) {
      List<SpeedReading> ofMile = generated.stream()
          .filter(reading -> reading.sensor().highway().equals(HIGHWAY_ASKED)
              && reading.sensor().mile() == mile.mile())
          .toList();
      SpeedReading newest = ofMile.get(ofMile.size() - 1);
      assertEquals(MINUTES, mile.readings(), "mile " + mile.mile());
      assertEquals(newest.speedMph(), mile.latestMph(), "mile " + mile.mile());
      assertEquals(newest.time(), mile.latestTime(), "mile " + mile.mile());
      assertEquals(ofMile.stream().mapToInt(SpeedReading::speedMph).average().orElseThrow(), mile.averageMph(),
          1e-9, "mile " + mile.mile());
    }

    assertEquals(TABLETS, results.timeFirstWrites().size(), "one stretch per tablet");
    long writesPerStretch = (long) sensors * MINUTES / TABLETS;
    for (int stretch = 0; stretch < TABLETS; stretch++) {
      long[] timeFirst = results.timeFirstWrites().get(stretch);
      assertEquals(writesPerStretch, timeFirst[stretch], "stretch " + stretch + ": " + Arrays.toString(timeFirst));
      assertEquals(1.0, WriteHeatMap.busiestShare(timeFirst), "one tablet takes all: " + Arrays.toString(timeFirst));

      long[] bySensor = results.sensorKeyedWrites().get(stretch);
      assertEquals(writesPerStretch, Arrays.stream(bySensor).sum(), Arrays.toString(bySensor));
      assertTrue(Arrays.stream(bySensor).allMatch(writes -> writes > 0), "all tablets work: "
          + Arrays.toString(bySensor));
      assertTrue(WriteHeatMap.busiestShare(bySensor) <= 2.0 / TABLETS, "spread: " + Arrays.toString(bySensor));
    }
  }

  private static List<SpeedReading> generatedReadings() {
    TrafficGenerator traffic = new TrafficGenerator(HighwaySpeedsExample.SEED);
    List<SpeedReading> readings = new ArrayList<>();
    for (int minute = 0; minute < MINUTES; minute++) {
      readings.addAll(traffic.nextMinute());
    }
    return readings;
  }
}
