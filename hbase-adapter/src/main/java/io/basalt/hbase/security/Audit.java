package io.basalt.hbase.security;

/** Where security decisions are recorded; {@link #NONE} when the audit log is off. */
public interface Audit {
  Audit NONE = new Audit() {
    @Override
    public boolean records(boolean allowed) {
      return false;
    }

    @Override
    public void record(AuditEvent event) {
      // the audit log is off
    }
  };

  /** Whether decisions that went this way are recorded: lets callers skip building events nobody keeps. */
  boolean records(boolean allowed);

  void record(AuditEvent event);
}
