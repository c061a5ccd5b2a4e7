package io.basalt.hbase.master;

import io.basalt.hbase.errors.ServerSideException;
import io.basalt.storage.TabletStore;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.ListNamespaceDescriptorsResponse;

/**
 * The namespaces that exist: HBase's built-in {@code default} and {@code hbase}, and those created by clients,
 * with their configuration. Kept in the store's catalog as one list of HBase's own namespace messages, rewritten
 * on each change (namespaces are few and change rarely).
 */
public final class Namespaces {
  private static final String PROPERTY = "hbase.namespaces";

  private final TabletStore store;
  private final TreeMap<String, NamespaceDescriptor> namespaces = new TreeMap<>();

  public Namespaces(TabletStore store) throws IOException {
    this.store = store;
    reload();
  }

  /**
   * Reads the namespaces from the store again: in a cluster after another node's master changed them, or after a
   * change of this one could not be saved.
   */
  public synchronized void reload() throws IOException {
    namespaces.clear();
    namespaces.put(NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR, NamespaceDescriptor.DEFAULT_NAMESPACE);
    namespaces.put(NamespaceDescriptor.SYSTEM_NAMESPACE_NAME_STR, NamespaceDescriptor.SYSTEM_NAMESPACE);
    Optional<byte[]> stored = store.systemProperty(PROPERTY);
    if (stored.isPresent()) {
      for (var proto : ListNamespaceDescriptorsResponse.parseFrom(stored.get()).getNamespaceDescriptorList()) {
        NamespaceDescriptor namespace = ProtobufUtil.toNamespaceDescriptor(proto);
        namespaces.put(namespace.getName(), namespace);
      }
    }
  }

  /** Every namespace, sorted by name. */
  public synchronized List<NamespaceDescriptor> all() {
    return List.copyOf(namespaces.values());
  }

  public synchronized Optional<NamespaceDescriptor> get(String name) {
    return Optional.ofNullable(namespaces.get(name));
  }

  public synchronized NamespaceDescriptor require(String name) throws NamespaceNotFoundException {
    NamespaceDescriptor namespace = namespaces.get(name);
    if (namespace == null) {
      throw new NamespaceNotFoundException(name);
    }
    return namespace;
  }

  public synchronized void create(NamespaceDescriptor namespace) throws IOException {
    String name = namespace.getName();
    try {
      TableName.isLegalNamespaceName(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      throw new DoNotRetryIOException(e.getMessage());
    }
    if (namespaces.containsKey(name)) {
      throw new NamespaceExistException(name);
    }
    namespaces.put(name, namespace);
    persist();
  }

  public synchronized void modify(NamespaceDescriptor namespace) throws IOException {
    require(namespace.getName());
    namespaces.put(namespace.getName(), namespace);
    persist();
  }

  /** Removes a namespace that holds no tables; {@code tableCount} is how many it holds now. */
  public synchronized void delete(String name, int tableCount) throws IOException {
    if (NamespaceDescriptor.RESERVED_NAMESPACES.contains(name)) {
      throw ServerSideException.constraint("Reserved namespace " + name + " cannot be removed.");
    }
    require(name);
    if (tableCount > 0) {
      throw ServerSideException.constraint("Only empty namespaces can be removed. Namespace " + name + " has "
          + tableCount + " tables");
    }
    namespaces.remove(name);
    persist();
  }

  private void persist() throws IOException {
    ListNamespaceDescriptorsResponse.Builder list = ListNamespaceDescriptorsResponse.newBuilder();
    for (NamespaceDescriptor namespace : namespaces.values()) {
      if (!NamespaceDescriptor.RESERVED_NAMESPACES.contains(namespace.getName())) {
        list.addNamespaceDescriptor(ProtobufUtil.toProtoNamespaceDescriptor(namespace));
      }
    }
    try {
      store.putSystemProperty(PROPERTY, list.build().toByteArray());
    } catch (IOException e) {
      // Not saved (in a cluster, perhaps because this node stopped being the master): forget the change.
      reload();
      throw e;
    }
  }
}
