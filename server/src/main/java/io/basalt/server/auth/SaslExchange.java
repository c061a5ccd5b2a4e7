package io.basalt.server.auth;

import io.basalt.hbase.security.RequestUser;
import java.io.IOException;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;
import org.apache.hadoop.hbase.security.SaslUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection's SASL conversation: the client's tokens in, the server's challenges out, then who the client
 * proved to be and, when integrity or privacy was negotiated, the wrapping of every byte after the handshake.
 * Used by one connection's I/O thread only.
 */
public final class SaslExchange implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SaslExchange.class);

  private final SaslServer server;
  private final SaslAuthentication authentication;
  private final String requestedQop;
  private final Identification identification;
  private boolean wraps;

  /** Who the client is, from the id SASL authorized it as (a principal, or a token identifier in base64). */
  interface Identification {
    RequestUser user(String authorizationId) throws IOException;
  }

  SaslExchange(SaslServer server, SaslAuthentication authentication, String requestedQop,
      Identification identification) {
    this.server = server;
    this.authentication = authentication;
    this.requestedQop = requestedQop;
    this.identification = identification;
  }

  /** The server's answer to a client token, or null when the client is to get none (its last token). */
  public byte[] evaluate(byte[] token) throws SaslException {
    return authentication.asServer(() -> server.evaluateResponse(token));
  }

  public boolean isComplete() {
    return server.isComplete();
  }

  /**
   * Once complete: checks the protection negotiated is one the server asked for (HBase's own check and message) and
   * returns the authenticated user.
   *
   * @throws org.apache.hadoop.hbase.security.AccessDeniedException when the user has no local name under the
   *     auth_to_local rules
   */
  public RequestUser finish() throws IOException {
    String qop = (String) server.getNegotiatedProperty(Sasl.QOP);
    SaslUtil.verifyNegotiatedQop(requestedQop, qop);
    wraps = qop != null && !"auth".equalsIgnoreCase(qop);
    return identification.user(server.getAuthorizationID());
  }

  /** The negotiated protection, as SASL names it (auth, auth-int, auth-conf). */
  public String protection() {
    Object qop = server.getNegotiatedProperty(Sasl.QOP);
    return qop == null ? "auth" : qop.toString();
  }

  /** Whether every byte after the handshake travels in SASL packets (integrity or privacy was negotiated). */
  public boolean wraps() {
    return wraps;
  }

  byte[] wrap(byte[] bytes) throws SaslException {
    return server.wrap(bytes, 0, bytes.length);
  }

  byte[] unwrap(byte[] bytes) throws SaslException {
    return server.unwrap(bytes, 0, bytes.length);
  }

  @Override
  public void close() {
    try {
      server.dispose();
    } catch (SaslException e) {
      // Disposing only clears the mechanism's keys; nothing depends on it having worked.
      LOG.debug("Disposing of a SASL server failed", e);
    }
  }
}
