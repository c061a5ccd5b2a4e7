package io.basalt.server.rpc;

import io.basalt.hbase.security.Audit;
import io.basalt.hbase.security.AuditEvent;
import io.basalt.hbase.security.RequestUser;
import io.basalt.server.auth.CertificateUsers;
import io.basalt.server.auth.SaslAuthentication;
import io.basalt.server.auth.SaslExchange;
import io.basalt.server.auth.SaslReplies;
import io.basalt.server.auth.SaslUnwrapper;
import io.basalt.server.auth.SaslWrapEncoder;
import io.basalt.server.auth.ServerSecurity;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import java.io.IOException;
import javax.security.sasl.SaslException;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.security.token.SecretManager.InvalidToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who one connection's client is, for its {@link ConnectionDecoder}: the SASL handshake when Kerberos is on (its
 * tokens, replies, and afterwards the unwrapping and wrapping of integrity and privacy), the user a TLS certificate
 * names, or the one the connection header names; and each decision in the audit log.
 */
final class ConnectionAuthentication implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ConnectionAuthentication.class);
  static final byte AUTH_SIMPLE = 80;
  static final byte AUTH_KERBEROS = 81;
  static final byte AUTH_DIGEST = 82;
  /** The longest SASL token read; HBase clients refuse longer challenges with the same bound. */
  private static final int MAX_SASL_TOKEN = 1 << 20;
  /** What a SASL packet may add to the largest request it carries (a GSS wrap adds tens of bytes). */
  private static final int SASL_PACKET_OVERHEAD = 64 * 1024;
  private static final int MAX_LOGGED_MESSAGE = 300;

  /** Where the connection is after a step: more handshake, the connection header next, or refused and closing. */
  enum Step { SASL, HEADER, CLOSED, NEED_MORE }

  private final SaslAuthentication sasl;
  private final CertificateUsers certificates;
  private final Audit audit;
  private final int maxRequestSize;
  private SaslExchange exchange;
  private SaslUnwrapper unwrapper;
  private RequestUser authenticated;
  private String refusal;

  ConnectionAuthentication(ServerSecurity security, int maxRequestSize) {
    this.sasl = security.sasl();
    this.certificates = security.certificates();
    this.audit = security.audit();
    this.maxRequestSize = maxRequestSize;
  }

  /** The principal the server authenticates as, for clients that ask (Kerberos on only). */
  String serverPrincipal() {
    return sasl.serverPrincipal();
  }

  /** Whether clients must authenticate (Kerberos is on). */
  boolean required() {
    return sasl != null;
  }

  /**
   * With Kerberos on: begins the handshake the preamble's auth byte asks for. A client that does not authenticate
   * (and has no certificate naming it) is let through to its header and refused at its first call.
   *
   * @return SASL or HEADER; CLOSED once a refusal is on its way; null for an auth byte of no known method
   */
  Step start(ChannelHandlerContext ctx, byte auth) {
    if (auth == AUTH_SIMPLE) {
      // A client certificate naming a user authenticates the connection as well as Kerberos would.
      boolean certified = certificates != null && certificates.userOf(ctx.channel()) != null;
      if (!sasl.simpleAllowed() && !certified) {
        // HBase answers under no call, which stock clients report only as a closed connection; answering the
        // client's first call instead (sent right behind its header) tells the application why.
        LOG.info("Refusing {}: it did not authenticate ({} is false)", ctx.channel().remoteAddress(),
            "hbase.ipc.server.fallback-to-simple-auth-allowed");
        refusal = "Authentication is required";
      }
      return Step.HEADER;
    }
    if (auth != AUTH_KERBEROS && auth != AUTH_DIGEST) {
      return null;
    }
    try {
      exchange = auth == AUTH_KERBEROS ? sasl.kerberosExchange() : sasl.tokenExchange();
      return Step.SASL;
    } catch (IOException e) {
      return refuse(ctx, e);
    }
  }

  /**
   * One SASL token (int32 length, bytes) of the client's; the server's answer, when it has one, goes back at once.
   * Bytes after the token stay put: the client sends its connection header right behind its last token.
   */
  Step token(ChannelHandlerContext ctx, ByteBuf in) {
    if (in.readableBytes() < Integer.BYTES) {
      return Step.NEED_MORE;
    }
    int length = in.getInt(in.readerIndex());
    if (length < 0 || length > MAX_SASL_TOKEN) {
      return refuse(ctx, new SaslException("SASL token length " + length + " is out of range"));
    }
    if (in.readableBytes() - Integer.BYTES < length) {
      return Step.NEED_MORE;
    }
    in.skipBytes(Integer.BYTES);
    byte[] token = new byte[length];
    in.readBytes(token);
    try {
      byte[] challenge = exchange.evaluate(token);
      if (challenge != null) {
        ctx.writeAndFlush(SaslReplies.challenge(ctx.alloc(), challenge));
      }
      if (!exchange.isComplete()) {
        return Step.SASL;
      }
      authenticated = exchange.finish();
      if (exchange.wraps()) {
        unwrapper = new SaslUnwrapper(exchange, maxRequestSize + SASL_PACKET_OVERHEAD, ctx.alloc());
        ctx.pipeline().addBefore(ctx.name(), SaslWrapEncoder.NAME, new SaslWrapEncoder(exchange));
      }
      LOG.debug("Authenticated {} from {}, protection {}", authenticated.name(), ctx.channel().remoteAddress(),
          exchange.protection());
      audit(ctx, authenticated.name(), authenticated.method().name(), true, "protection " + exchange.protection());
      return Step.HEADER;
    } catch (IOException e) {
      return refuse(ctx, e);
    }
  }

  /** The unwrapper of integrity and privacy, once the handshake negotiated one; null otherwise. */
  SaslUnwrapper unwrapper() {
    return unwrapper;
  }

  /**
   * The user the connection's calls run as, given the one its header claims: the authenticated one (who must be
   * the one claimed, when one is), the one a certificate names, or the one claimed.
   *
   * @throws AccessDeniedException when a Kerberos client claims to be someone else
   */
  RequestUser user(ChannelHandlerContext ctx, String claimed) throws AccessDeniedException {
    if (authenticated != null) {
      // Kerberos clients name their own principal; token clients name no one.
      if (!claimed.isEmpty() && !claimed.equals(authenticated.name())) {
        String message = "Authenticated user (" + authenticated.name() + ") doesn't match what the client "
            + "claims to be (" + claimed + ")";
        audit(ctx, authenticated.name(), authenticated.method().name(), false, message);
        throw new AccessDeniedException(message);
      }
      return authenticated;
    }
    RequestUser user = RequestUser.simple(claimed);
    if (certificates != null) {
      RequestUser certified = certificates.userOf(ctx.channel());
      if (certified != null) {
        user = certified; // whoever the header names: clients send their process's user, not their certificate's
      }
    }
    audit(ctx, user.name(), user.method().name(), refusal == null, refusal == null ? "" : refusal);
    return user;
  }

  /** Why the connection's first call is to be refused, or null when it is not. */
  String refusal() {
    return refusal;
  }

  /**
   * Ends a handshake that failed with SASL's own error reply, which the client raises as this exception; a bad token
   * is reported as such, as HBase does, not as the SASL failure the mechanism wraps it in.
   */
  private Step refuse(ChannelHandlerContext ctx, IOException failure) {
    IOException reason = failure;
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof InvalidToken invalid) {
        reason = invalid;
        break;
      }
    }
    LOG.info("Authentication of {} failed: {}", ctx.channel().remoteAddress(), printable(reason.toString()));
    audit(ctx, "", "", false, printable(reason.toString()));
    ctx.writeAndFlush(SaslReplies.failure(ctx.alloc(), reason)).addListener(ChannelFutureListener.CLOSE);
    return Step.CLOSED;
  }

  /** Records a decision about this connection's authentication, when the audit log keeps such decisions. */
  private void audit(ChannelHandlerContext ctx, String user, String method, boolean allowed, String reason) {
    if (audit.records(allowed)) {
      audit.record(new AuditEvent(user, method, String.valueOf(ctx.channel().remoteAddress()), "authenticate",
          "connection", allowed, reason));
    }
  }

  /**
   * A message fit for one log line: SASL mechanisms quote what the client sent in their errors, which may be any
   * bytes, so everything but printable ASCII is escaped and the length capped.
   */
  static String printable(String message) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < message.length() && text.length() < MAX_LOGGED_MESSAGE; i++) {
      char c = message.charAt(i);
      if (c >= 0x20 && c < 0x7f) {
        text.append(c);
      } else {
        text.append(String.format("\\u%04x", (int) c));
      }
    }
    return text.length() < MAX_LOGGED_MESSAGE ? text.toString() : text + "...";
  }

  @Override
  public void close() {
    if (unwrapper != null) {
      unwrapper.close();
    } else if (exchange != null) {
      exchange.close();
    }
  }
}
