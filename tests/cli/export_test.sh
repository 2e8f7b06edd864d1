#!/bin/bash
# ltcap export on real logs: two command queues ordered by events (two_queues_events) and two host threads
# (multithreaded_host). json/jsonl are parsed back and checked call by call against ltdump, compact entry by entry
# against json (the same values in the tools' notation, in under 3/4 of jsonl's bytes); blobs written with
# --blobs add up to what ltcap info counts; the Perfetto file is checked against the trace-event format (slices
# nest per track) and holds a slice per call on its thread's track and a slice per enqueue on its queue's lane
# (first in first out, never nested, a launch named after its program's kernels, an arrow from its call).
# A cut-off log exports what is there with exit 1, a foreign file is exit 2 with one line.
# A mesh log (mesh_trace_events: two mesh command queues) gets a track per mesh command queue too.
#   export_test.sh LTCAP TWO_QUEUES_EVENTS MULTITHREADED_HOST MESH_TRACE_EVENTS
set -uo pipefail
ltcap=$(realpath "$1")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }

check() {  # NAME PROGRAM THREADS QUEUES
    local name=$1 program=$(realpath "$2") threads=$3 queues=$4 log=$work/$1.capnp
    "$ltcap" capture -q -o "$log" -- "$program" >"$work/$name.run" 2>&1 || fail "$name: capture: $(cat "$work/$name.run")"
    "$ltcap" dump --no-times "$log" >"$work/$name.dump" || fail "$name: ltcap dump exit $?"
    "$ltcap" info --json "$log" >"$work/$name.info" || fail "$name: ltcap info exit $?"
    "$ltcap" export "$log" >"$work/$name.json" || fail "$name: export json exit $?"
    "$ltcap" export --format jsonl --blobs "$work/$name.blobs" -o "$work/$name.jsonl" "$log" ||
        fail "$name: export jsonl exit $?"
    "$ltcap" export --format compact -o "$work/$name.compact" "$log" || fail "$name: export compact exit $?"
    "$ltcap" export --format perfetto -o "$work/$name.trace.json" "$log" || fail "$name: export perfetto exit $?"
    python3 - "$work/$name" "$threads" "$queues" <<'PY' || fail "$name: the exports disagree with the log"
import collections, json, os, re, sys
base, threads, queues = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def strict(text):
    return json.loads(text, parse_constant=lambda c: sys.exit("non-JSON constant " + c))

# ltdump's calls: seq -> (thread, function)
dumped = {}
for line in open(base + ".dump"):
    m = re.match(r"#(\d+) \[t(\d+)\] (\w+)\(", line)
    if m:
        dumped[int(m.group(1))] = (int(m.group(2)), m.group(3))

doc = strict(open(base + ".json").read())
assert doc["format"] == "ltcap-json"
entries = doc["entries"]
calls = {int(e["call"]["seq"]): e for e in entries if "call" in e}
assert {s: (c["call"]["thread"], c["call"]["function"]) for s, c in calls.items()} == dumped, "calls differ from ltdump"
def keys(v):  # every key of the export is snake_case, as in every JSON the tools write
    if isinstance(v, dict):
        for k, x in v.items():
            assert re.fullmatch(r"[a-z][a-z0-9_]*", k), k
            keys(x)
    elif isinstance(v, list):
        for x in v:
            keys(x)
keys(doc)
for c in calls.values():
    assert len(c["params"]) == len(c["call"].get("args", [])), c
    assert all(p for p in c["params"]), c
    # every call has its end, whether the log keeps it in the call or in the return
    assert int(c["call"]["end_ns"]) >= int(c["call"]["begin_ns"]) > 0, c
    for a in c["call"].get("args", []):  # tt-metal's enums by name
        if "buffer_config" in a:
            assert a["buffer_config"]["buffer_type"] in ("DRAM", "L1", "SYSTEM_MEMORY", "L1_SMALL", "TRACE"), a
        for i in a.get("cb_config", {}).get("indices", []):
            assert re.fullmatch(r"[A-Z][A-Za-z0-9_]+", i["data_format"]), i
    for name, value in c.get("enums", {}).items():
        assert name in c["params"] and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", value), c
assert "header" in entries[0] and "end" in entries[-1]

lines = [strict(l) for l in open(base + ".jsonl")]
assert len(lines) == len(entries)
blobs = [l["blob"] for l in lines if "blob" in l]
assert blobs, "no blob entries"
info = strict(open(base + ".info").read())
sizes = {}
for b in blobs:
    path = os.path.join(base + ".blobs", b["data"]["file"])
    sizes[b["id"]] = os.path.getsize(path)
    assert b["data"]["file"] == b["id"] + ".bin" and b["data"]["bytes"] >= 0
    assert sizes[b["id"]] == int(b["total_size"]), (b, sizes[b["id"]])
assert sum(sizes.values()) == info["payloads"]["stored_bytes"] and len(sizes) == info["payloads"]["distinct"], (sizes, info["payloads"])

# The compact lines say what the json entries say, entry for entry, in the tools' notation.
def num(text):  # a 64-bit integer of the json form (a string) as compact writes it: a number up to 2^53
    n = int(text)
    return n if abs(n) <= 2**53 else str(n)
def snake(name):
    return re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), name)
def compact_value(v, enum=None, result=False):
    (kind, x), = v.items()
    if kind == "none":
        return None
    if kind in ("int", "uint"):
        return enum if enum is not None else num(x)
    if kind == "object":
        o = {snake(x["kind"]): num(x["id"])}
        if int(x.get("raw", "0")):
            o["raw"] = num(x["raw"])
        if result and int(x.get("parent", "0")):
            o["parent"] = num(x["parent"])
        if result and x.get("members"):
            o["members"] = [num(m) for m in x["members"]]
        return o
    if kind == "cores":
        r = [[c.get("start_x", 0), c.get("start_y", 0), c.get("end_x", 0), c.get("end_y", 0)] for c in x["ranges"]]
        if x["form"] == "coord" and len(r) == 1 and r[0][:2] == r[0][2:]:
            return {"core": r[0][:2]}
        if x["form"] == "range" and len(r) == 1:
            return {"range": r[0]}
        return {"ranges": r} if x["form"] == "rangeSet" else {"ranges": r, "form": x["form"]}
    if kind in ("host_pointer", "kernel_source"):
        return {kind: num(x)}
    if kind == "data":
        return {"data": num(x.get("blob", "0")), "size": num(x.get("size", "0")), "element_type": x["element_type"]}
    if kind == "list":
        return [compact_value(e, None, result) for e in x]
    if kind in ("bool", "float", "text", "words"):
        return x
    return v  # the configs: as json writes them
compact = [strict(l) for l in open(base + ".compact")]
assert compact[0] == {"format": "ltcap-compact", "version": 1, "header": entries[0]["header"]}, compact[0]
returned = {int(e["return"]["seq"]) for e in entries if "return" in e}
functions = {}
rest = iter(compact[1:])
for e in entries[1:]:
    line = next(rest)
    if "call" in e:
        c = e["call"]
        if c["function"] not in functions:  # its function line first, once
            assert line == {"function": c["function"], "params": e["params"]}, line
            functions[c["function"]] = line
            line = next(rest)
        want = {"call": c["function"], "seq": num(c["seq"]), "thread": c["thread"], "at": num(c["begin_ns"])}
        if int(c["seq"]) not in returned:
            want["dur"] = int(c["end_ns"]) - int(c["begin_ns"])
        enums = e.get("enums", {})
        want["args"] = [compact_value(a, enums.get(p)) for a, p in zip(c.get("args", []), e["params"])]
        if c.get("synthesized"):
            want["synthesized"] = True
        if c.get("args_changed"):
            want["args_changed"] = [
                dict([("kernel", num(a["kernel"]))] +
                     ([("common", True)] if a.get("common") else [("core", [a.get("x", 0), a.get("y", 0)])]) +
                     [("words", a.get("words", []))]) for a in c["args_changed"]]
        if c.get("backtrace"):
            want["backtrace"] = [num(a) for a in c["backtrace"]]
        assert line == want, (line, want)
    elif "return" in e:
        r = e["return"]
        want = {"return": num(r["seq"]), "end": num(r["end_ns"])}
        if r.get("threw"):
            want["threw"] = r["exception"]
        elif "result" in r and "none" not in r["result"]:
            want["result"] = compact_value(r["result"], None, True)
        assert line == want, (line, want)
    else:
        assert line == e, (line, e)
assert next(rest, None) is None, "compact has more lines than the log has entries"
def call_bytes(path):  # the bytes of the lines of calls, returns and (compact's) functions
    return sum(len(l) for l in open(path, "rb") if re.match(rb'\{"(call|return|function)"', l))
assert call_bytes(base + ".compact") * 4 < call_bytes(base + ".jsonl") * 3, \
    "compact's calls are not under 3/4 of jsonl's"

# The trace-event file.
trace = strict(open(base + ".trace.json").read())
events = trace["traceEvents"]
names = {}
slices = collections.defaultdict(list)
flows = collections.defaultdict(dict)  # id -> phase -> event
for ev in events:
    assert ev["ph"] in ("X", "M", "s", "f"), ev
    assert isinstance(ev["pid"], int) and isinstance(ev["tid"], int)
    if ev["ph"] == "M":
        names[ev["tid"]] = ev["args"]["name"]
        continue
    if ev["ph"] in ("s", "f"):
        assert ev["ph"] not in flows[ev["id"]], ("a flow id used twice", ev)
        flows[ev["id"]][ev["ph"]] = ev
        continue
    assert isinstance(ev["ts"], (int, float)) and isinstance(ev["dur"], (int, float)) and ev["dur"] >= 0, ev
    assert ev["name"] and ev["cat"] in ("call", "queue"), ev
    slices[ev["tid"]].append(ev)
for tid, evs in slices.items():  # complete events on one track must nest: no partial overlap
    if re.match(r"(mesh)?[cC]ommandQueue#", names.get(tid, "")):  # a queue's lane: first in first out, no nesting
        end = 0
        for ev in sorted(evs, key=lambda e: (e["ts"], e["args"]["seq"])):
            assert ev["ts"] >= end - 1e-6, ("queue slices overlap", names[tid], ev)
            end = ev["ts"] + ev["dur"]
        continue
    stack = []
    for ev in sorted(evs, key=lambda e: (e["ts"], -e["dur"])):
        while stack and stack[-1] <= ev["ts"]:
            stack.pop()
        end = ev["ts"] + ev["dur"]
        assert not stack or end <= stack[-1] + 1e-6, ("slices overlap on track", names.get(tid), ev)
        stack.append(end)
call_slices = [ev for evs in slices.values() for ev in evs if ev["cat"] == "call"]
assert sorted(ev["args"]["seq"] for ev in call_slices) == sorted(dumped), "not one slice per call"
for ev in call_slices:
    assert (ev["tid"], ev["name"]) == dumped[ev["args"]["seq"]], ev
thread_tracks = {ev["tid"] for ev in call_slices}
assert len(thread_tracks) == threads, (thread_tracks, threads)
queue_tracks = {tid: n for tid, n in names.items() if re.match(r"(mesh)?[cC]ommandQueue#", n)}
assert len(queue_tracks) == queues, queue_tracks
# Work on a queue: every call naming a (mesh) command queue but the finishes.
finishes = {"finish", "meshFinish", "meshCqFinish"}
enqueues = {s for s, c in calls.items() if c["call"]["function"] not in finishes and
            any(a.get("object", {}).get("kind") in ("commandQueue", "meshCommandQueue")
                for a in c["call"].get("args", []))}
queued = sorted(ev["args"]["seq"] for evs in slices.values() for ev in evs if ev["cat"] == "queue")
assert queued == sorted(enqueues), (queued, sorted(enqueues))
# Each queue slice has an arrow from its call's slice (at the call's start, on its thread) to its start on the lane.
queue_slices = {ev["args"]["seq"]: ev for evs in slices.values() for ev in evs if ev["cat"] == "queue"}
call_by_seq = {ev["args"]["seq"]: ev for ev in call_slices}
assert sorted(flows) == sorted(queue_slices), (sorted(flows), sorted(queue_slices))
for seq, f in flows.items():
    assert f["s"]["tid"] == call_by_seq[seq]["tid"] and abs(f["s"]["ts"] - call_by_seq[seq]["ts"]) < 1e-6, f
    assert f["f"]["tid"] == queue_slices[seq]["tid"] and abs(f["f"]["ts"] - queue_slices[seq]["ts"]) < 1e-6, f
# Launches are named after what they run: their program and its kernels, a mesh workload's programs, a trace.
for seq, ev in queue_slices.items():
    if calls[seq]["call"]["function"] in ("enqueueProgram", "enqueueMeshWorkload"):
        assert re.match(r"(meshWorkload#\d+: )?program#\d+ \(\w+", ev["name"]), ev
print(f"{len(dumped)} calls, {len(blobs)} blob entries, {len(queued)} queue slices on {len(queue_tracks)} queues")
PY
    echo "ok: $name"
}

check two_queues "$2" 1 2
check threads "$3" 3 2
check mesh "$4" 1 2

# A cut-off log: what is there is exported (still valid JSON), exit 1, one line.
log=$work/two_queues.capnp
head -c $(($(stat -c %s "$log") * 2 / 3)) "$log" >"$work/cut.capnp"
"$ltcap" export "$work/cut.capnp" >"$work/cut.json" 2>"$work/cut.err"
[ $? -eq 1 ] || fail "a cut log is not exit 1: $(cat "$work/cut.err")"
[ "$(wc -l <"$work/cut.err")" -eq 1 ] || fail "not one line on stderr: $(cat "$work/cut.err")"
python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$work/cut.json" || fail "the cut log's export is not JSON"
# Not a log; a bad format name: exit 2, one line.
echo "hello" >"$work/foreign"
"$ltcap" export --format perfetto "$work/foreign" >/dev/null 2>"$work/bad.err"
[ $? -eq 2 ] && [ "$(wc -l <"$work/bad.err")" -eq 1 ] || fail "a foreign file: $(cat "$work/bad.err")"
"$ltcap" export --format xml "$log" >/dev/null 2>"$work/bad.err"
[ $? -eq 2 ] || fail "an unknown format is not exit 2"
"$ltcap" export --format compact "$work/cut.capnp" >"$work/cut.compact" 2>"$work/cut.err"
[ $? -eq 1 ] || fail "a cut log is not exit 1 (compact): $(cat "$work/cut.err")"
python3 -c "import json,sys; [json.loads(l) for l in open(sys.argv[1])]" "$work/cut.compact" ||
    fail "the cut log's compact export is not JSON lines"
echo "PASS: ltcap export json, jsonl, compact and perfetto agree with the logs"
