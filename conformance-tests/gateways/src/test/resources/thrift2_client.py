"""A Thrift2 client of HBase's THBaseService, as a Python application writes one: Debian's python3-thrift and
bindings the thrift compiler generated from hbase-thrift's IDL (the directory on PYTHONPATH).

    python3 thrift2_client.py HOST PORT TABLE SCENARIO

runs one scenario against TABLE (which it creates and drops itself) and prints one JSON object per call on standard
output: the call, then what it returned ("result") or the Thrift exception it raised ("error"). Every cell is written
with its own timestamp, so that two servers given the same calls give the same answers, word for word.
"""

import json
import sys

from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport

from hbase import THBaseService
from hbase.ttypes import (TColumn, TColumnFamilyDescriptor, TColumnValue, TCompareOp, TDelete, TGet, TIOError,
                          TIllegalArgument, TMutation, TPut, TRowMutations, TScan, TTableDescriptor, TTableName)

FAMILY = b"f"
TIMESTAMP = 1700000000000


def text(value):
    return None if value is None else value.decode("utf-8", "backslashreplace")


def result_json(result):
    """A TResult as JSON: its row and its cells, each family:qualifier@timestamp=value."""
    return {"row": text(result.row), "cells": ["%s:%s@%d=%s" % (text(cell.family), text(cell.qualifier),
                                                                 cell.timestamp, text(cell.value))
                                                for cell in result.columnValues]}


def as_json(value):
    if isinstance(value, list):
        return [as_json(item) for item in value]
    if hasattr(value, "columnValues"):
        return result_json(value)
    if isinstance(value, bytes):
        return text(value)
    return value


def call(name, function, *args):
    """Makes one call and prints what came of it; a Thrift exception is an answer like any other."""
    try:
        answer = {"call": name, "result": as_json(function(*args))}
    except (TIOError, TIllegalArgument) as error:
        answer = {"call": name, "error": {"type": type(error).__name__, "message": error.message,
                                          "canRetry": getattr(error, "canRetry", None)}}
    print(json.dumps(answer, sort_keys=True), flush=True)
    return answer.get("result")


def put(row, qualifier, value, timestamp=TIMESTAMP):
    return TPut(row=row, columnValues=[TColumnValue(family=FAMILY, qualifier=qualifier, value=value,
                                                    timestamp=timestamp)])


def create_table(client, table):
    name = TTableName(ns=b"default", qualifier=table)
    call("createTable", client.createTable,
         TTableDescriptor(tableName=name, columns=[TColumnFamilyDescriptor(name=FAMILY, maxVersions=3)]), None)
    call("tableExists", client.tableExists, name)
    return name


def drop_table(client, name):
    call("disableTable", client.disableTable, name)
    call("deleteTable", client.deleteTable, name)
    call("tableExists", client.tableExists, name)


def get_and_put(client, table):
    call("put", client.put, table, put(b"r1", b"a", b"v1"))
    call("putMultiple", client.putMultiple, table, [put(b"r1", b"b", b"v2"), put(b"r2", b"a", b"w1")])
    call("put an older version", client.put, table, put(b"r1", b"a", b"v0", TIMESTAMP - 1))
    call("get", client.get, table, TGet(row=b"r1"))
    call("get one column", client.get, table, TGet(row=b"r1", columns=[TColumn(family=FAMILY, qualifier=b"b")]))
    call("get versions", client.get, table, TGet(row=b"r1", maxVersions=3,
                                                 columns=[TColumn(family=FAMILY, qualifier=b"a")]))
    call("get a missing row", client.get, table, TGet(row=b"nope"))
    call("getMultiple", client.getMultiple, table, [TGet(row=b"r2"), TGet(row=b"nope"), TGet(row=b"r1")])
    call("exists", client.exists, table, TGet(row=b"r2"))
    call("exists a missing row", client.exists, table, TGet(row=b"nope"))
    call("deleteSingle", client.deleteSingle, table, TDelete(row=b"r2"))
    call("get a deleted row", client.get, table, TGet(row=b"r2"))


def scan(client, table):
    call("putMultiple", client.putMultiple, table,
         [put(b"row%d" % i, b"q", b"value%d" % i) for i in range(10)])
    call("getScannerResults", client.getScannerResults, table, TScan(startRow=b"row2", stopRow=b"row7"), 10)
    call("getScannerResults reversed", client.getScannerResults, table,
         TScan(startRow=b"row4", stopRow=b"row1", reversed=True), 2)
    scanner = call("openScanner", client.openScanner, table, TScan(caching=2))
    while True:
        rows = call("getScannerRows", client.getScannerRows, scanner, 4)
        if not rows:
            break
    call("closeScanner", client.closeScanner, scanner)
    call("getScannerRows after closeScanner", client.getScannerRows, scanner, 4)
    call("closeScanner again", client.closeScanner, scanner)


def check_and_mutate(client, table):
    call("put", client.put, table, put(b"seat", b"holder", b"alice"))
    replace_with_bob = TRowMutations(row=b"seat", mutations=[TMutation(put=put(b"seat", b"holder", b"bob"))])
    call("checkAndMutate on a value that is not there", client.checkAndMutate, table, b"seat", FAMILY, b"holder",
         TCompareOp.EQUAL, b"carol", replace_with_bob)
    call("get", client.get, table, TGet(row=b"seat"))
    call("checkAndMutate on the value there", client.checkAndMutate, table, b"seat", FAMILY, b"holder",
         TCompareOp.EQUAL, b"alice", replace_with_bob)
    call("get", client.get, table, TGet(row=b"seat"))
    # HBase compares the given value to the stored one: "alice" LESS than "bob" holds.
    call("checkAndMutate with LESS", client.checkAndMutate, table, b"seat", FAMILY, b"holder",
         TCompareOp.LESS, b"alice", TRowMutations(row=b"seat", mutations=[
             TMutation(put=put(b"seat", b"note", b"taken")),
             TMutation(deleteSingle=TDelete(row=b"seat", columns=[TColumn(family=FAMILY, qualifier=b"holder")]))]))
    call("get", client.get, table, TGet(row=b"seat"))
    call("checkAndPut into an absent column", client.checkAndPut, table, b"seat", FAMILY, b"holder", None,
         put(b"seat", b"holder", b"dave"))
    call("checkAndDelete on a stale value", client.checkAndDelete, table, b"seat", FAMILY, b"holder", b"alice",
         TDelete(row=b"seat"))
    call("get", client.get, table, TGet(row=b"seat"))


def errors(client, table):
    missing = table + b"_missing"
    call("get from a missing table", client.get, missing, TGet(row=b"r"))
    call("put into a missing table", client.put, missing, put(b"r", b"q", b"v"))
    call("getTableDescriptor of a missing table", client.getTableDescriptor,
         TTableName(ns=b"default", qualifier=missing))
    call("getScannerRows of a scanner never opened", client.getScannerRows, 987654, 1)


SCENARIOS = {"get-and-put": get_and_put, "scan": scan, "check-and-mutate": check_and_mutate, "errors": errors}


def main():
    host, port, table, scenario = sys.argv[1], int(sys.argv[2]), sys.argv[3].encode("utf-8"), sys.argv[4]
    transport = TTransport.TBufferedTransport(TSocket.TSocket(host, port))
    client = THBaseService.Client(TBinaryProtocol.TBinaryProtocol(transport))
    transport.open()
    try:
        name = create_table(client, table)
        SCENARIOS[scenario](client, table)
        drop_table(client, name)
    finally:
        transport.close()


if __name__ == "__main__":
    main()
