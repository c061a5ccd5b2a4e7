package io.basalt.hbase.security;

/**
 * One security decision for the audit log: who (the user as proved, and how), from where, asked to do what on
 * which scope, and whether it was allowed.
 *
 * @param user the full user name (a Kerberos principal, a certificate's name, or the name a simple client gave);
 *     empty when the client never got as far as naming one
 * @param method how the user was established (SIMPLE, KERBEROS, TOKEN, CERTIFICATE), empty when unknown
 * @param remote the client's address, host:port
 * @param action what was decided: {@code authenticate} for a connection, else the request
 * @param scope what it was about: {@code connection}, {@code global}, a namespace, a table
 * @param allowed the decision
 * @param reason why, in a few words (the refusal's message, say)
 */
public record AuditEvent(String user, String method, String remote, String action, String scope, boolean allowed,
    String reason) {}
