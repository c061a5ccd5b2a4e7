package io.basalt.server.config;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Resolves host names and tells which addresses belong to this machine, so that a node can check that the member
 * address its id names is its own. Tests give their own answers instead of depending on the machine's DNS.
 */
interface MachineAddresses {
  /** What the operating system's resolver answers: the loopback and every interface's address count as local. */
  MachineAddresses SYSTEM = new MachineAddresses() {
    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
      return List.of(InetAddress.getAllByName(host));
    }

    @Override
    public boolean isLocal(InetAddress address) throws SocketException {
      return address.isLoopbackAddress() || NetworkInterface.getByInetAddress(address) != null;
    }
  };

  List<InetAddress> resolve(String host) throws UnknownHostException;

  boolean isLocal(InetAddress address) throws SocketException;
}
