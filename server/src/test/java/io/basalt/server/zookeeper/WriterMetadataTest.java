package io.basalt.server.zookeeper;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class WriterMetadataTest {
  @Test
  void namesTheProcessAsItsRuntimeMXBeanDoes() {
    assertEquals(ManagementFactory.getRuntimeMXBean().getName(), WriterMetadata.processName());
  }

  @Test
  void prependsMagicLengthIdentityAndSalt() {
    byte[] payload = {1, 2, 3};
    byte[] value = WriterMetadata.ofThisProcess().prepend(payload);
    byte[] id = WriterMetadata.processName().getBytes(StandardCharsets.UTF_8);
    ByteBuffer buffer = ByteBuffer.wrap(value);
    assertEquals((byte) 0xFF, buffer.get());
    assertEquals(id.length + 8, buffer.getInt(), "the length covers the identity and eight salt bytes");
    byte[] readId = new byte[id.length];
    buffer.get(readId);
    assertArrayEquals(id, readId);
    assertArrayEquals(payload, Arrays.copyOfRange(value, value.length - payload.length, value.length));
    assertEquals(1 + 4 + id.length + 8 + payload.length, value.length);
  }
}
