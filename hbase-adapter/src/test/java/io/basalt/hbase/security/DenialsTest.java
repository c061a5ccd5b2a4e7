package io.basalt.hbase.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.junit.jupiter.api.Test;

/** Each expected string is what HBase 2.6.4's own AccessChecker printed for the same check. */
class DenialsTest {
  private static final TableName T1 = TableName.valueOf("t1");

  @Test
  void globalAndReadShapes() {
    assertEquals("Insufficient permissions for user 'bob' (global, action=ADMIN)",
        Denials.global("bob", Action.ADMIN).getMessage());
    assertEquals("Insufficient permissions for user 'bob' (table=t1, action=READ)",
        Denials.read("bob", T1).getMessage());
    assertEquals("Insufficient permissions for user 'bob' (table=ns1:t9, action=READ)",
        Denials.read("bob", TableName.valueOf("ns1:t9")).getMessage());
  }

  @Test
  void contextShapes() {
    assertEquals("Insufficient permissions (user=dave, scope=default:t1, params=[table=default:t1,],action=CREATE)",
        new Denials.Context("dave", Action.CREATE).table(T1).filterUser(null).exception().getMessage());
    assertEquals("Insufficient permissions (user=dave, scope=ns1:t9, params=[table=ns1:t9,],action=CREATE)",
        new Denials.Context("dave", Action.CREATE).table(TableName.valueOf("ns1:t9")).filterUser(null)
            .exception().getMessage());
    assertEquals("Insufficient permissions (user=dave, scope=default:t1, family=f1:q1, "
        + "params=[table=default:t1,family=f1:q1,],action=ADMIN)",
        new Denials.Context("dave", Action.ADMIN).table(T1).families("f1:q1").filterUser(null).exception()
            .getMessage());
    assertEquals("Insufficient permissions (user=dave, scope=default:t1, "
        + "params=[table=default:t1,filterUser=bob],action=ADMIN)",
        new Denials.Context("dave", Action.ADMIN).table(T1).filterUser("bob").exception().getMessage());
    assertEquals("Insufficient permissions (user=dave, scope=ns1, params=[namespace=ns1,],action=ADMIN)",
        new Denials.Context("dave", Action.ADMIN).namespace("ns1").filterUser(null).exception().getMessage());
    assertEquals("Insufficient permissions (user=dave, scope=default, "
        + "params=[namespace=default,table=default:t1,family=f1|f2],action=CREATE)",
        new Denials.Context("dave", Action.CREATE).namespace("default").table(T1).families("f1|f2").exception()
            .getMessage());
    assertEquals("Insufficient permissions (user=dave, scope=default:t1, params=[table=default:t1],action=CREATE)",
        new Denials.Context("dave", Action.CREATE).table(T1).exception().getMessage());
    assertEquals("Insufficient permissions (user=dave, scope=default:t2, family=f2:c1, "
        + "params=[table=default:t2,family=f2:c1],action=WRITE)",
        new Denials.Context("dave", Action.WRITE).table(TableName.valueOf("t2")).families("f2:c1").exception()
            .getMessage());
  }
}
