package io.basalt.server.ui;

import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.master.ProcedureTracker;
import io.basalt.hbase.schema.HBaseTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * The work under way, as HBase's master page lists its tasks: the region compaction running and those queued, the
 * master's operations running (snapshots, clones and restores, splits, merges, table changes), and RocksDB's own
 * compactions and flushes. None of these has a measure of how far it has got, so each shows its state and since
 * when, never a made-up percentage.
 */
final class TaskList {
  /** One task: what it is, what it works on, its state and since when (ms; 0 if not known). */
  record Task(String kind, String description, String state, long sinceMillis) {}

  private final ServerSources sources;

  TaskList(ServerSources sources) {
    this.sources = sources;
  }

  List<Task> tasks() {
    List<Task> tasks = new ArrayList<>();
    for (ProcedureTracker.Running running : sources.frontend().master().procedures().running()) {
      String type = running.className().substring(running.className().lastIndexOf('.') + 1);
      tasks.add(new Task(kindOf(type), type + " asked for by " + running.owner(), "RUNNING",
          running.submittedMillis()));
    }
    CompactionQueue compactions = sources.frontend().compactions();
    Optional<CompactionQueue.Running> now = compactions.running();
    now.ifPresent(running -> tasks.add(new Task("compaction", (running.major() ? "major" : "minor")
        + " compaction of " + running.region().getRegionNameAsString(), "RUNNING", running.startedMillis())));
    List<CompactionQueue.Pending> pending = compactions.pending();
    if (!pending.isEmpty()) {
      Map<String, RegionInfo> regions = regionsByEncodedName();
      // A periodic major compaction queues every region at once: the page lists a hundred and counts the rest.
      int more = Math.max(0, pending.size() - Paging.ROWS);
      for (CompactionQueue.Pending queued : pending.subList(0, pending.size() - more)) {
        boolean running = now.isPresent() && now.get().region().getEncodedName().equals(queued.encodedRegionName());
        int major = queued.major() - (running && now.get().major() ? 1 : 0);
        int minor = queued.minor() - (running && !now.get().major() ? 1 : 0);
        RegionInfo region = regions.get(queued.encodedRegionName());
        String name = region == null ? queued.encodedRegionName() : region.getRegionNameAsString();
        if (major > 0) {
          tasks.add(new Task("compaction", queuedText(major, "major") + name, "QUEUED", 0));
        }
        if (minor > 0) {
          tasks.add(new Task("compaction", queuedText(minor, "minor") + name, "QUEUED", 0));
        }
      }
      if (more > 0) {
        tasks.add(new Task("compaction", "and " + Format.count(more, "more region") + " with compactions queued",
            "QUEUED", 0));
      }
    }
    Map<String, Number> engine = RecordValues.of(sources.metrics(), "Basalt");
    long engineCompactions = engine.getOrDefault("runningCompactions", 0).longValue();
    long engineFlushes = engine.getOrDefault("runningFlushes", 0).longValue();
    if (engineCompactions > 0 || engineFlushes > 0) {
      tasks.add(new Task("storage engine", engineCompactions + " RocksDB compactions and " + engineFlushes
          + " flushes, " + Format.bytes(engine.getOrDefault("pendingCompactionBytes", 0).longValue())
          + " awaiting compaction", "RUNNING", 0));
    }
    return tasks;
  }

  void write(Html html) {
    List<Task> tasks = tasks();
    if (tasks.isEmpty()) {
      html.element("p", "No task is running or queued.", "class", "none");
      return;
    }
    long now = System.currentTimeMillis();
    html.open("table", "class", "list tasks");
    html.headings("Kind", "Task", "State", "Since", "For");
    for (Task task : tasks) {
      html.open("tr");
      html.cell(task.kind()).cell(task.description()).cell(task.state());
      html.cell(task.sinceMillis() > 0 ? Format.time(task.sinceMillis()) : "\u2013");
      html.number(task.sinceMillis() > 0 ? Format.duration(now - task.sinceMillis()) : "\u2013");
      html.close("tr");
    }
    html.close("table");
  }

  private static String queuedText(int count, String kind) {
    return count == 1 ? kind + " compaction of " : count + " " + kind + " compactions of ";
  }

  /** Which kind of task an HBase procedure is: the kinds an operator looks for among them. */
  private static String kindOf(String procedure) {
    if (procedure.startsWith("Snapshot")) {
      return "snapshot";
    }
    if (procedure.startsWith("Clone") || procedure.startsWith("Restore")) {
      return "copy";
    }
    if (procedure.startsWith("Split") || procedure.startsWith("Merge")) {
      return "split or merge";
    }
    return "procedure";
  }

  private Map<String, RegionInfo> regionsByEncodedName() {
    Map<String, RegionInfo> regions = new HashMap<>();
    for (HBaseTable table : sources.frontend().tables().all()) {
      for (RegionInfo region : table.regions()) {
        regions.put(region.getEncodedName(), region);
      }
    }
    return regions;
  }
}
