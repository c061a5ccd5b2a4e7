package io.basalt.examples.followers;

/** {@code follower} follows {@code followee} since the day {@code since} (yyyyMMdd). */
public record Follow(String follower, String followee, String since) {}
