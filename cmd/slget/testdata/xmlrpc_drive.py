"""Drives an aria2 RPC server over XML-RPC with Python's standard
xmlrpc.client, as Persepolis and scripts do: the same calls against slget
and aria2c, so their answers can be compared. Prints one JSON line per
step: {"step", "value", "shape"}, where shape is the answer's keys and
XML-RPC types. Exits non-zero on the first unexpected failure.
Environment: RPC_URL (http://HOST:PORT/rpc), RPC_SECRET, SMALL_URL,
BIG_URL (a slow origin, so that a pause comes mid-download), RPC_DIR (the
server's download folder).
"""

import json
import os
import sys
import time
import xmlrpc.client

URL = os.environ["RPC_URL"]
TOKEN = "token:" + os.environ["RPC_SECRET"]
SMALL = os.environ["SMALL_URL"]
BIG = os.environ["BIG_URL"]


def shape(v):
    if isinstance(v, dict):
        return {k: shape(e) for k, e in v.items()}
    if isinstance(v, list):
        return [shape(v[0])] if v else "[]"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "double"
    if isinstance(v, str):
        return "string"
    if isinstance(v, xmlrpc.client.Binary):
        return "base64"
    return type(v).__name__


def say(step, value):
    if isinstance(value, xmlrpc.client.Fault):
        value = {"faultCode": value.faultCode, "faultString": value.faultString}
    print(json.dumps({"step": step, "value": value, "shape": shape(value)}, default=str), flush=True)


def fail(msg):
    print(json.dumps({"step": "fail", "value": msg}), flush=True)
    sys.exit(1)


def fault_of(call, *args):
    try:
        got = call(*args)
    except xmlrpc.client.Fault as f:
        return f
    fail("%s answered %r, want a fault" % (call, got))


def wait(s, gid, want, until=None):
    deadline = time.monotonic() + 90
    while True:
        st = s.aria2.tellStatus(TOKEN, gid)
        if st["status"] == want and (until is None or until(st)):
            return st
        if st["status"] in ("error", "removed") and st["status"] != want:
            fail("%s is %s, want %s: %r" % (gid, st["status"], want, st))
        if time.monotonic() > deadline:
            fail("%s still %s, want %s: %r" % (gid, st["status"], want, st))
        time.sleep(0.02)


def main():
    s = xmlrpc.client.ServerProxy(URL)
    say("getVersion", s.aria2.getVersion(TOKEN))
    say("listMethods", s.system.listMethods())

    # A small file to its end.
    g1 = s.aria2.addUri(TOKEN, [SMALL], {"out": "small.bin"})
    say("addUri", g1)
    st = wait(s, g1, "complete")
    del st["files"][0]["uris"]  # aria2c lists a URI once per connection it used
    say("tellStatus complete", st)
    say("getFiles", s.aria2.getFiles(TOKEN, g1))

    # The options Persepolis (3.0.1) sends with every download, None and
    # empty values included (it calls with allow_none=True), and its own GID.
    p = xmlrpc.client.ServerProxy(URL, allow_none=True)
    persepolis = {
        "gid": "c0ffee00c0ffee00", "max-tries": "5", "retry-wait": 0, "timeout": 60,
        "header": ["Cookie: None"], "out": None, "user-agent": None, "referer": None,
        "all-proxy": "", "max-download-limit": "0", "all-proxy-user": "None", "all-proxy-passwd": "None",
        "http-user": "None", "http-passwd": "None", "split": "16", "max-connection-per-server": "16",
        "min-split-size": "1M", "continue": "true", "dir": os.path.join(os.environ["RPC_DIR"], "persepolis"),
    }
    say("persepolis addUri", p.aria2.addUri(TOKEN, [SMALL], persepolis))
    st = wait(s, "c0ffee00c0ffee00", "complete")
    say("persepolis complete", {k: st[k] for k in ("status", "totalLength", "completedLength", "errorCode")})

    # A slow one: running, paused mid-way, its option changed, unpaused.
    opts = {"out": "big.bin", "split": "4", "max-connection-per-server": "4", "min-split-size": "1M"}
    g2 = s.aria2.addUri(TOKEN, [BIG], opts)
    wait(s, g2, "active", lambda st: int(st["completedLength"]) > 0)
    active = s.aria2.tellActive(TOKEN, ["gid", "status", "totalLength", "completedLength", "downloadSpeed", "connections"])
    say("tellActive", [a for a in active if a["gid"] == g2])
    say("pause", s.aria2.pause(TOKEN, g2) == g2)
    st = wait(s, g2, "paused")
    total, done = int(st["totalLength"]), int(st["completedLength"])
    say("paused mid-download", total > 0 and done < total)
    say("changeOption", s.aria2.changeOption(TOKEN, g2, {"max-download-limit": "0"}))
    say("unpause", s.aria2.unpause(TOKEN, g2) == g2)
    st = wait(s, g2, "complete")
    say("big complete", {k: st[k] for k in ("status", "totalLength", "completedLength", "errorCode")})

    # One running, removed, then its result removed.
    g3 = s.aria2.addUri(TOKEN, [BIG], {"out": "removed.bin"})
    wait(s, g3, "active", lambda st: int(st["completedLength"]) > 0)
    say("remove", s.aria2.remove(TOKEN, g3) == g3)
    st = wait(s, g3, "removed")
    say("removed", {k: st[k] for k in ("status", "errorCode")})
    say("removeDownloadResult", s.aria2.removeDownloadResult(TOKEN, g3))
    say("removeDownloadResult again", fault_of(s.aria2.removeDownloadResult, TOKEN, g3))
    say("removeDownloadResult complete", s.aria2.removeDownloadResult(TOKEN, g1))

    # system.multicall in XML-RPC's form, raw and through MultiCall.
    calls = [
        {"methodName": "aria2.getGlobalStat", "params": [TOKEN]},
        {"methodName": "aria2.tellStatus", "params": [TOKEN, g2, ["status", "totalLength"]]},
        {"methodName": "aria2.getVersion", "params": ["token:wrong"]},
        {"methodName": "aria2.nope", "params": [TOKEN]},
        {"methodName": "system.multicall", "params": []},
        {"params": [TOKEN]},
    ]
    say("multicall", s.system.multicall(calls))
    mc = xmlrpc.client.MultiCall(s)
    mc.aria2.tellStatus(TOKEN, g2, ["status"])
    mc.aria2.getVersion("token:wrong")
    it = mc()
    say("MultiCall result", it[0])
    say("MultiCall fault", fault_of(lambda: it[1]))

    # Faults, word for word.
    say("wrong secret", fault_of(s.aria2.getVersion, "token:wrong"))
    say("no secret", fault_of(s.aria2.tellActive))
    say("GID not found", fault_of(s.aria2.tellStatus, TOKEN, "0123456789abcdef"))
    say("invalid GID", fault_of(s.aria2.pause, TOKEN, "zz"))
    say("wrong type", fault_of(s.aria2.addUri, TOKEN, "not a list"))
    say("no such method", fault_of(s.aria2.nope, TOKEN))
    say("remove not active", fault_of(s.aria2.remove, TOKEN, g2))
    say("done", True)


if __name__ == "__main__":
    main()
