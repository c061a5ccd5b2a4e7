package io.basalt.hbase.rpc;

import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.WouldBlockException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hbase.thirdparty.com.google.protobuf.Descriptors.MethodDescriptor;
import org.apache.hbase.thirdparty.com.google.protobuf.Descriptors.ServiceDescriptor;
import org.apache.hbase.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * The methods of one HBase protobuf service that Basalt serves, keyed by the exact (case-sensitive) method name
 * clients put in the request header. Methods the service declares but Basalt does not serve are answered with a
 * {@link DoNotRetryIOException} naming them, so clients fail fast instead of retrying.
 */
public final class ServiceBinding {
  private final ServiceDescriptor descriptor;
  private final Map<String, Method<?>> methods;

  private ServiceBinding(ServiceDescriptor descriptor, Map<String, Method<?>> methods) {
    this.descriptor = descriptor;
    this.methods = Map.copyOf(methods);
  }

  public static Builder of(ServiceDescriptor descriptor) {
    return new Builder(descriptor);
  }

  /** The simple service name clients send in the connection header, e.g. {@code ClientService}. */
  public String name() {
    return descriptor.getName();
  }

  /**
   * Finds the method for a request header's method name.
   *
   * @throws DoNotRetryIOException when the service has no such method or Basalt does not serve it
   */
  public Method<?> method(String methodName) throws DoNotRetryIOException {
    Method<?> method = methods.get(methodName);
    if (method != null) {
      return method;
    }
    if (descriptor.findMethodByName(methodName) != null) {
      throw new DoNotRetryIOException(new UnsupportedOperationException(
          descriptor.getName() + "." + methodName + " is not supported by Basalt"));
    }
    throw new DoNotRetryIOException(new UnsupportedOperationException(
        "unknown method " + methodName + " in service " + descriptor.getName()));
  }

  /** Every method the service declares, in declaration order, and whether Basalt serves it. */
  public Map<String, Boolean> methodCoverage() {
    Map<String, Boolean> coverage = new java.util.LinkedHashMap<>();
    for (var method : descriptor.getMethods()) {
      coverage.put(method.getName(), methods.containsKey(method.getName()));
    }
    return coverage;
  }

  public Optional<Method<?>> servedMethod(String methodName) {
    return Optional.ofNullable(methods.get(methodName));
  }

  /** The same service with every call decided by {@code guard} before its handler runs. */
  public ServiceBinding guardedBy(CallGuard guard) {
    Map<String, Method<?>> guarded = new HashMap<>();
    methods.forEach((name, method) -> guarded.put(name, method.guardedBy(guard)));
    return new ServiceBinding(descriptor, guarded);
  }

  /** One served method: how to parse its request and who answers it. */
  public static final class Method<Q extends Message> {
    private final String fullName;
    private final Q prototype;
    private final RpcHandler<Q> handler;
    private final Predicate<Q> isShort;
    private final CallGuard guard;

    private Method(String fullName, Q prototype, RpcHandler<Q> handler, Predicate<Q> isShort, CallGuard guard) {
      this.fullName = fullName;
      this.prototype = prototype;
      this.handler = handler;
      this.isShort = isShort;
      this.guard = guard;
    }

    private Method<Q> guardedBy(CallGuard callGuard) {
      return new Method<>(fullName, prototype, handler, isShort, callGuard);
    }

    public String fullName() {
      return fullName;
    }

    /**
     * Whether a call with this request is short enough to {@link #tryWithoutWaiting try without waiting} on the
     * thread that read it: it reads or writes one row, all or nothing, so where it would wait it can stop having
     * changed nothing.
     */
    @SuppressWarnings("unchecked")
    public boolean isShort(Message request) {
      return isShort.test((Q) request);
    }

    /** Parses the request parameter; a malformed one is the client's fault and not worth retrying. */
    @SuppressWarnings("unchecked")
    public Q parse(byte[] bytes, int offset, int length) throws DoNotRetryIOException {
      try {
        return (Q) prototype.getParserForType().parseFrom(bytes, offset, length);
      } catch (InvalidProtocolBufferException e) {
        throw new DoNotRetryIOException("malformed " + prototype.getDescriptorForType().getName() + " for "
            + fullName + ": " + e.getMessage());
      }
    }

    /** Runs the call, waiting wherever it must. */
    @SuppressWarnings("unchecked")
    public Message invoke(CallContext call, Message request) throws IOException {
      call.beginRun(Waiting.ALLOWED);
      admit(call, request);
      return handler.handle(call, (Q) request);
    }

    private void admit(CallContext call, Message request) throws IOException {
      if (guard != null) {
        call.admit(guard, fullName, request);
      }
    }

    /**
     * Runs a short call refusing to wait, and returns its response; or returns empty where it would have had to
     * wait (a row lock held by another writer, a block not in the block cache, a write stall, an fsync): then
     * nothing was written, counted or registered, no response cell kept, and the call is to be {@link #invoke
     * invoked} on a thread that may wait. A failure is an answer like any other and is thrown.
     *
     * @throws IllegalArgumentException for a call that is not {@link #isShort short}
     */
    @SuppressWarnings("unchecked")
    public Optional<Message> tryWithoutWaiting(CallContext call, Message request) throws IOException {
      if (!isShort(request)) {
        throw new IllegalArgumentException(fullName + " call is not short enough to try without waiting");
      }
      call.beginRun(Waiting.REFUSED);
      admit(call, request);
      try {
        return Optional.of(handler.handle(call, (Q) request));
      } catch (WouldBlockException e) {
        call.beginRun(Waiting.ALLOWED);
        return Optional.empty();
      }
    }
  }

  /** Collects the handlers of one service, checking each against the service's protobuf descriptor. */
  public static final class Builder {
    private final ServiceDescriptor descriptor;
    private final Map<String, Method<?>> methods = new HashMap<>();

    private Builder(ServiceDescriptor descriptor) {
      this.descriptor = descriptor;
    }

    public <Q extends Message> Builder on(String methodName, Q requestPrototype, RpcHandler<Q> handler) {
      return onShortWhen(methodName, requestPrototype, request -> false, handler);
    }

    /** A method whose calls are short when {@code isShort} says so, in the sense of {@link Method#isShort}. */
    public <Q extends Message> Builder onShortWhen(String methodName, Q requestPrototype, Predicate<Q> isShort,
        RpcHandler<Q> handler) {
      MethodDescriptor method = descriptor.findMethodByName(methodName);
      if (method == null) {
        throw new IllegalArgumentException(descriptor.getName() + " has no method " + methodName);
      }
      if (!method.getInputType().equals(requestPrototype.getDescriptorForType())) {
        throw new IllegalArgumentException(descriptor.getName() + "." + methodName + " takes "
            + method.getInputType().getName() + ", not " + requestPrototype.getDescriptorForType().getName());
      }
      if (methods.put(methodName, new Method<>(descriptor.getName() + "." + methodName, requestPrototype,
          handler, isShort, null)) != null) {
        throw new IllegalArgumentException("two handlers for " + descriptor.getName() + "." + methodName);
      }
      return this;
    }

    public ServiceBinding build() {
      return new ServiceBinding(descriptor, methods);
    }
  }
}
