package io.basalt.hbase.security;

/**
 * One secret that signs delegation tokens: tokens name it by {@code id}, and it is kept until every token it signed
 * has expired ({@code expiresAtMillis}).
 */
public record TokenKey(int id, byte[] secret, long createdMillis, long expiresAtMillis) {}
