package io.basalt.storage;

import io.basalt.storage.StateDownload.Downloaded;
import io.basalt.storage.replication.AppliedIndex;
import io.basalt.storage.replication.ReplicaState;
import io.basalt.storage.replication.StateSource;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.ratis.protocol.RaftGroupId;

/**
 * A replica's state fetched from another member into a local directory, installed under a durable mark
 * ({@link InstallRecords}): the mark, then the replica's own installing step, then the applied index recorded and
 * the mark deleted. The directory is deleted when the install is done or never began; if it began and failed, the
 * mark keeps it, for the next start to install from (or a later install to replace).
 */
final class FetchedState implements ReplicaState.Fetched {
  /** How a replica makes its state the fetched one. */
  interface Target {
    /** Makes the store hold the state in {@code directory}; must give the same result when done again. */
    void installFrom(Path directory) throws IOException;

    /** Runs once the install is recorded. */
    default void installed(AppliedIndex index) throws IOException {}
  }

  private final StoreReplication replication;
  private final RaftGroupId group;
  private final byte[] appliedKey;
  private final StateSource source;
  private final Downloaded downloaded;
  private final Target target;
  private boolean marked;
  private boolean finished;

  FetchedState(StoreReplication replication, RaftGroupId group, byte[] appliedKey, StateSource source,
      Downloaded downloaded, Target target) {
    this.replication = replication;
    this.group = group;
    this.appliedKey = appliedKey;
    this.source = source;
    this.downloaded = downloaded;
    this.target = target;
  }

  @Override
  public AppliedIndex index() {
    return downloaded.ready().index();
  }

  @Override
  public long bytes() {
    return downloaded.ready().bytes();
  }

  @Override
  public void install() throws IOException {
    replication.whileOpen("installing the state of group " + group, () -> {
      InstallRecords records = replication.installRecords();
      records.mark(group, new InstallRecords.Mark(index(), downloaded.directory().getFileName().toString()));
      marked = true;
      replication.marked(group);
      target.installFrom(downloaded.directory());
      records.finish(group, appliedKey, index());
      finished = true;
      return null;
    });
    replication.installed(group);
    target.installed(index());
  }

  @Override
  public void close() {
    StateDownload.finish(source, downloaded.exportId());
    if (finished || !marked) {
      InstallRecords.deleteDirectory(downloaded.directory());
    }
  }
}
