package io.basalt.hbase.service;

import io.basalt.hbase.errors.FailedInProcedure;
import io.basalt.hbase.master.Master;
import io.basalt.hbase.master.ProcedureTracker;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ErrorHandlingProtos.ForeignExceptionMessage;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ErrorHandlingProtos.GenericExceptionMessage;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.ProcedureDescription;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ProcedureProtos;

/**
 * MasterService's procedure questions: the result of one procedure, the list of recent ones, and the older
 * "exec procedure" protocol, of which HBase clients before 2.6 use {@code flush-table-proc} to flush a table.
 */
final class ProcedureHandlers {
  /** The signature under which clients before 2.6 ask the master to flush a table (instance: the table name). */
  static final String FLUSH_TABLE = "flush-table-proc";
  /**
   * How long the client is told to wait for an exec'd procedure: HBase's master says five minutes. The async
   * client of 2.5 gives up before its first IsProcedureDone poll if this is zero.
   */
  private static final long EXEC_EXPECTED_TIMEOUT_MILLIS = TimeUnit.MINUTES.toMillis(5);

  private final Master master;

  ProcedureHandlers(Master master) {
    this.master = master;
  }

  void register(ServiceBinding.Builder binding) {
    binding
        .on("getProcedureResult", MasterProtos.GetProcedureResultRequest.getDefaultInstance(), this::result)
        .on("GetProcedures", MasterProtos.GetProceduresRequest.getDefaultInstance(), this::list)
        .on("GetLocks", MasterProtos.GetLocksRequest.getDefaultInstance(),
            // DDL runs to completion inside its RPC, so no procedure ever holds a lock between calls.
            (call, request) -> MasterProtos.GetLocksResponse.getDefaultInstance())
        .on("ExecProcedure", MasterProtos.ExecProcedureRequest.getDefaultInstance(),
            (call, request) -> {
              exec(call, request.getProcedure());
              return MasterProtos.ExecProcedureResponse.newBuilder()
                  .setExpectedTimeout(EXEC_EXPECTED_TIMEOUT_MILLIS).build();
            })
        .on("ExecProcedureWithRet", MasterProtos.ExecProcedureRequest.getDefaultInstance(),
            (call, request) -> {
              exec(call, request.getProcedure());
              return MasterProtos.ExecProcedureResponse.newBuilder().setExpectedTimeout(0).build();
            })
        .on("IsProcedureDone", MasterProtos.IsProcedureDoneRequest.getDefaultInstance(), this::isDone);
  }

  private MasterProtos.GetProcedureResultResponse result(CallContext call,
      MasterProtos.GetProcedureResultRequest request) {
    MasterProtos.GetProcedureResultResponse.Builder response = MasterProtos.GetProcedureResultResponse.newBuilder();
    Optional<ProcedureTracker.Completed> completed = master.procedures().result(request.getProcId());
    if (completed.isEmpty()) {
      return response.setState(MasterProtos.GetProcedureResultResponse.State.NOT_FOUND).build();
    }
    response.setState(MasterProtos.GetProcedureResultResponse.State.FINISHED)
        .setSubmittedTime(completed.get().submittedMillis())
        .setLastUpdate(completed.get().finishedMillis());
    if (completed.get().failure() != null) {
      response.setException(foreignException(completed.get().failure()));
    }
    return response.build();
  }

  /**
   * A failure as HBase's master reports it in a procedure's result: the class the client rebuilds and the message
   * it rebuilds it with. No stack trace: the client's exception would carry Basalt's frames as its own.
   */
  private static ForeignExceptionMessage foreignException(FailedInProcedure failure) {
    GenericExceptionMessage.Builder generic = GenericExceptionMessage.newBuilder()
        .setClassName(failure.reportedClassName());
    if (failure.reported().getMessage() != null) {
      generic.setMessage(failure.reported().getMessage());
    }
    return ForeignExceptionMessage.newBuilder().setGenericException(generic).build();
  }

  private MasterProtos.GetProceduresResponse list(CallContext call, MasterProtos.GetProceduresRequest request) {
    MasterProtos.GetProceduresResponse.Builder response = MasterProtos.GetProceduresResponse.newBuilder();
    for (ProcedureTracker.Completed procedure : master.procedures().all()) {
      ProcedureProtos.Procedure.Builder entry = ProcedureProtos.Procedure.newBuilder()
          .setClassName(procedure.className())
          .setProcId(procedure.id())
          .setSubmittedTime(procedure.submittedMillis())
          .setLastUpdate(procedure.finishedMillis())
          .setState(procedure.failure() == null
              ? ProcedureProtos.ProcedureState.SUCCESS : ProcedureProtos.ProcedureState.ROLLEDBACK)
          .setExecuted(true);
      if (procedure.failure() != null) {
        entry.setException(foreignException(procedure.failure()));
      }
      if (procedure.owner() != null) {
        entry.setOwner(procedure.owner());
      }
      response.addProcedure(entry);
    }
    return response.build();
  }

  private void exec(CallContext call, ProcedureDescription procedure) throws IOException {
    checkKnown(procedure);
    TableName table = TableName.valueOf(procedure.getInstance());
    master.procedures().run("FlushTableProcedure", call.user().shortName(), () -> ClusterHandlers.flush(master, table));
  }

  /** A flush asked for by {@code ExecProcedure} finished inside that call. */
  private MasterProtos.IsProcedureDoneResponse isDone(CallContext call, MasterProtos.IsProcedureDoneRequest request)
      throws IOException {
    checkKnown(request.getProcedure());
    return MasterProtos.IsProcedureDoneResponse.newBuilder().setDone(true).build();
  }

  private static void checkKnown(ProcedureDescription procedure) throws DoNotRetryIOException {
    if (!FLUSH_TABLE.equals(procedure.getSignature())) {
      throw new DoNotRetryIOException("The procedure is not registered: " + procedure.getSignature()
          + " (Basalt runs only " + FLUSH_TABLE + ")");
    }
  }
}
