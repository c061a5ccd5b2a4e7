package io.basalt.hbase.logs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.client.SlowLogParams;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.SlowLogResponseRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.SlowLogResponses;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.TooSlowLog.SlowLogPayload;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * HBase 2.6's online slow and large log: the region server's calls that took longer, or answered (or scanned) more,
 * than the thresholds, newest kept, as {@code Admin.getLogEntries} and the shell's {@code get_slowlog_responses}
 * read them. A call is slow when its processing time (not its time queued) is more than the threshold, large when
 * its answer is; one both slow and large answers both questions. Failed calls are not recorded, as in HBase. The
 * entry's fields are HBase's, their request summary made by HBase's own {@link ProtobufUtil#getSlowLogParams}.
 *
 * <p>Thread safe. Recording costs nothing unless the call is slow or large and the log is on.
 */
public final class SlowLog {
  /** The server class HBase names in each entry: a region server's. */
  private static final String SERVER_CLASS = "HRegionServer";
  private static final Set<String> REGION_SERVER_SERVICES = Set.of("ClientService", "AdminService");

  private final SlowLogSettings settings;
  private final Deque<SlowLogPayload> entries = new ArrayDeque<>();

  public SlowLog(SlowLogSettings settings) {
    this.settings = settings;
  }

  /** One call that was answered, as the RPC server saw it. */
  public record Call(String service, String method, Message request, long startMillis, int processingMillis,
      int queueMillis, long responseBytes, String clientAddress, String userName) {}

  /** Whether calls are recorded at all: when not, the RPC server need not describe them. */
  public boolean isOn() {
    return settings.enabled();
  }

  /**
   * Records the call if the log is on and the call slow or large, and a region server's: HBase's master keeps no
   * slow log, so calls of its services (which Basalt answers on the same port) are not recorded.
   */
  public void record(Call call) {
    SlowLogSettings current = settings;
    if (!current.enabled() || !REGION_SERVER_SERVICES.contains(call.service())) {
      return;
    }
    boolean scan = call.request() instanceof ScanRequest;
    long timeLimit = scan ? current.warnScanMillis() : current.warnMillis();
    long sizeLimit = scan ? current.warnScanBytes() : current.warnBytes();
    boolean slow = timeLimit > -1 && call.processingMillis() > timeLimit;
    boolean large = sizeLimit > -1 && call.responseBytes() > sizeLimit;
    if (!slow && !large) {
      return;
    }
    SlowLogPayload entry = payload(call, slow && large ? SlowLogPayload.Type.ALL
        : slow ? SlowLogPayload.Type.SLOW_LOG : SlowLogPayload.Type.LARGE_LOG);
    synchronized (entries) {
      entries.addLast(entry);
      while (entries.size() > current.capacity()) {
        entries.removeFirst();
      }
    }
  }

  /**
   * The entries a GetLogEntries request asks for: of its kind (slow unless it asks for large; entries both slow and
   * large count as either), newest first, those matching its filters (any of them, or all with AND), at most its
   * limit (10 unless it says).
   */
  public SlowLogResponses query(SlowLogResponseRequest request) {
    SlowLogPayload.Type kind = request.getLogType() == SlowLogResponseRequest.LogType.LARGE_LOG
        ? SlowLogPayload.Type.LARGE_LOG : SlowLogPayload.Type.SLOW_LOG;
    List<SlowLogPayload> newestFirst = new ArrayList<>();
    synchronized (entries) {
      Iterator<SlowLogPayload> descending = entries.descendingIterator();
      while (descending.hasNext()) {
        newestFirst.add(descending.next());
      }
    }
    SlowLogResponses.Builder answer = SlowLogResponses.newBuilder();
    int limit = request.getLimit();
    for (SlowLogPayload entry : newestFirst) {
      if (answer.getSlowLogPayloadsCount() >= limit) {
        break;
      }
      if ((entry.getType() == kind || entry.getType() == SlowLogPayload.Type.ALL) && matches(entry, request)) {
        answer.addSlowLogPayloads(entry);
      }
    }
    return answer.build();
  }

  /** Empties the log (slow and large alike); whether it is on, as ClearSlowLogsResponses answers. */
  public boolean clear() {
    synchronized (entries) {
      entries.clear();
    }
    return settings.enabled();
  }

  private static SlowLogPayload payload(Call call, SlowLogPayload.Type type) {
    SlowLogParams params = ProtobufUtil.getSlowLogParams(call.request(), false);
    SlowLogPayload.Builder entry = SlowLogPayload.newBuilder()
        .setStartTime(call.startMillis())
        .setProcessingTime(call.processingMillis())
        .setQueueTime(call.queueMillis())
        .setResponseSize(call.responseBytes())
        .setClientAddress(call.clientAddress())
        .setServerClass(SERVER_CLASS)
        .setMethodName(call.method())
        .setCallDetails(call.method() + "(" + call.request().getClass().getName() + ")")
        .setParam(params == null || params.getParams() == null ? "" : params.getParams())
        .setUserName(call.userName() == null ? "" : call.userName())
        .setRegionName(params == null || params.getRegionName() == null ? "" : params.getRegionName())
        .setMultiGets(0)
        .setMultiMutations(0)
        .setMultiServiceCalls(0)
        .setType(type)
        .setBlockBytesScanned(0)
        .setFsReadTime(0);
    if (call.request() instanceof MultiRequest multi) {
      int gets = 0;
      int mutations = 0;
      int serviceCalls = 0;
      for (RegionAction action : multi.getRegionActionList()) {
        for (var one : action.getActionList()) {
          gets += one.hasGet() ? 1 : 0;
          mutations += one.hasMutation() ? 1 : 0;
          serviceCalls += one.hasServiceCall() ? 1 : 0;
        }
      }
      entry.setMultiGets(gets).setMultiMutations(mutations).setMultiServiceCalls(serviceCalls);
    }
    return entry.build();
  }

  /**
   * HBase 2.6.4's filters: the region name exactly, the table as a prefix of the region name, the client's address
   * with or without its port, the user exactly; with no filter everything matches.
   */
  private static boolean matches(SlowLogPayload entry, SlowLogResponseRequest request) {
    int asked = 0;
    int matched = 0;
    if (!request.getRegionName().isEmpty()) {
      asked++;
      matched += entry.getRegionName().equals(request.getRegionName()) ? 1 : 0;
    }
    if (!request.getTableName().isEmpty()) {
      asked++;
      matched += entry.getRegionName().startsWith(request.getTableName()) ? 1 : 0;
    }
    if (!request.getClientAddress().isEmpty()) {
      asked++;
      matched += clientMatches(entry.getClientAddress(), request.getClientAddress()) ? 1 : 0;
    }
    if (!request.getUserName().isEmpty()) {
      asked++;
      matched += entry.getUserName().equals(request.getUserName()) ? 1 : 0;
    }
    if (asked == 0) {
      return true;
    }
    boolean all = request.hasFilterByOperator()
        && request.getFilterByOperator() == SlowLogResponseRequest.FilterByOperator.AND;
    return all ? matched == asked : matched > 0;
  }

  private static boolean clientMatches(String logged, String asked) {
    int port = logged.lastIndexOf(':');
    return logged.equals(asked) || (port >= 1 && logged.substring(0, port).equals(asked));
  }
}
