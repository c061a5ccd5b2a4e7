package io.basalt.hbase.rpc;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The services served on Basalt's RPC port, by the simple name clients send in their connection header. */
public final class RpcDispatcher {
  private final Map<String, ServiceBinding> services = new LinkedHashMap<>();

  public RpcDispatcher(List<ServiceBinding> bindings) {
    for (ServiceBinding binding : bindings) {
      if (services.put(binding.name(), binding) != null) {
        throw new IllegalArgumentException("service " + binding.name() + " bound twice");
      }
    }
  }

  public Optional<ServiceBinding> service(String name) {
    return Optional.ofNullable(services.get(name));
  }

  public Collection<ServiceBinding> services() {
    return services.values();
  }
}
