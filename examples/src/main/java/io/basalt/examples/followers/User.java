package io.basalt.examples.followers;

/** A user of the invented social network; the handle is unique and is the user's row key. */
public record User(String handle, String name, String city, int posts) {}
