package io.basalt.gateways;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class LaunchPropertiesTest {
  @Test
  void propertiesAsStoreWritesThemEndAtTheEmptyLineAndGoOverHBasesDefaults() throws IOException {
    Properties sent = new Properties();
    sent.setProperty("hbase.rest.port", "8080");
    sent.setProperty("hbase.rest.ssl.keystore.password", "p=ss\nword: with# odd characters é");
    StringWriter text = new StringWriter();
    sent.store(text, null);
    BufferedReader in = new BufferedReader(new StringReader(text + "\nwhat follows is not read\n"));

    Properties read = LaunchProperties.read(in);
    assertEquals(sent, read);
    assertEquals("what follows is not read", in.readLine(), "reading stops at the empty line");

    Configuration conf = LaunchProperties.hbaseConfiguration(read);
    assertEquals("8080", conf.get("hbase.rest.port"));
    assertEquals("false", conf.get("hbase.rest.readonly"), "hbase-default.xml is under them");
  }

  @Test
  void anInputThatEndsBeforeTheEmptyLineIsAnError() {
    assertThrows(EOFException.class,
        () -> LaunchProperties.read(new BufferedReader(new StringReader("hbase.rest.port=8080\n"))));
  }
}
