package io.basalt.hbase.rpc;

import io.basalt.hbase.logs.SlowLog;
import io.basalt.hbase.logs.SlowLogSettings;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The services served on Basalt's RPC port, by the simple name clients send in their connection header, and the
 * slow and large log the RPC server records answered calls in.
 */
public final class RpcDispatcher {
  private final Map<String, ServiceBinding> services = new LinkedHashMap<>();
  private final SlowLog slowLog;

  /** Services whose calls no slow log records. */
  public RpcDispatcher(List<ServiceBinding> bindings) {
    this(bindings, new SlowLog(SlowLogSettings.defaults()));
  }

  public RpcDispatcher(List<ServiceBinding> bindings, SlowLog slowLog) {
    this.slowLog = slowLog;
    for (ServiceBinding binding : bindings) {
      if (services.put(binding.name(), binding) != null) {
        throw new IllegalArgumentException("service " + binding.name() + " bound twice");
      }
    }
  }

  public Optional<ServiceBinding> service(String name) {
    return Optional.ofNullable(services.get(name));
  }

  /** Where answered calls that were slow or large are recorded. */
  public SlowLog slowLog() {
    return slowLog;
  }

  public Collection<ServiceBinding> services() {
    return services.values();
  }
}
