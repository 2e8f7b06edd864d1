#!/bin/bash
# ltcap info on a real log: the text and JSON summaries agree with ltdump (calls, functions, threads, devices);
# a cut-off log is exit 1 and says so, a damaged or foreign file is exit 2 with one line, and nothing is run.
set -uo pipefail
ltcap=$(realpath "$1") program=$(realpath "$2") mesh_program=$(realpath "$3") two_programs=$(realpath "$4")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
"$ltcap" capture -q -o "$work/plain.capnp" --no-compress -- "$program" >"$work/run.out" 2>&1 ||
    fail "capture: $(cat "$work/run.out")"
log=$work/plain.capnp
"$ltcap" dump --no-times "$log" >"$work/dump.txt" || fail "ltcap dump exit $?"
calls=$(grep -c '^#' "$work/dump.txt")
"$ltcap" info "$log" >"$work/info.txt" || fail "ltcap info exit $?"
grep -q "^state: *complete" "$work/info.txt" || fail "not complete: $(cat "$work/info.txt")"
grep -q "^calls: *$calls (0 threw)" "$work/info.txt" || fail "calls differ from ltdump's $calls: $(cat "$work/info.txt")"
"$ltcap" info --json "$log" >"$work/info.json" || fail "ltcap info --json exit $?"
python3 - "$work/info.json" "$work/dump.txt" <<'PY' || fail "JSON vs ltdump"
import collections, json, re, sys
info = json.load(open(sys.argv[1]))
calls = collections.Counter()
threads = set()
objects = collections.defaultdict(set)
for line in open(sys.argv[2]):
    m = re.match(r"#\d+ \[t(\d+)\] (\w+)\(", line)
    if m:
        threads.add(m.group(1)); calls[m.group(2)] += 1
    r = re.search(r"\) -> (\w+)#(\d+)", line)
    if r:
        objects[r.group(1)].add(r.group(2))
got = {f["name"]: f["calls"] for f in info["functions"]}
assert got == dict(calls), (got, calls)
assert info["threads"] == len(threads) and info["calls"] == sum(calls.values())
assert info["compressed"] is False and info["file_bytes"] > 0 and info["duration_ns"] > 0
assert all(f["total_ns"] >= 0 for f in info["functions"])
assert info["objects"] == {k: len(v) for k, v in objects.items()}, (info["objects"], objects)
assert info["objects"]["buffer"] >= 3 and info["objects"]["kernel"] >= 1
PY

# Time per program: each launched program by its kernels, launches adding up to the log's, a queue time no shorter
# than the host time of its launches; the text table says the same.
"$ltcap" info --json --programs "$log" >"$work/programs.json" || fail "ltcap info --json --programs exit $?"
python3 - "$work/programs.json" "$work/dump.txt" <<'PY' || fail "--programs: $(cat "$work/programs.json")"
import json, re, sys
info = json.load(open(sys.argv[1]))
rows = info["programs"]
assert rows and sum(r["launches"] for r in rows) == info["launches"], (rows, info["launches"])
kernels = re.findall(r"file_name=source#\d+", open(sys.argv[2]).read())
for r in rows:
    assert re.match(r"program#\d+ \(\w+(, \w+)*\)$", r["label"]), r
    assert r["label"].count(",") + 1 <= len(kernels), (r, kernels)
    assert r["queue_ns"] >= r["host_ns"] > 0 and r["never_waited"] == 0, r
PY
"$ltcap" info --programs "$log" >"$work/programs.txt" || fail "ltcap info --programs exit $?"
grep -qE "^ +1 +1 +[0-9]+\.[0-9]{3} +[0-9]+\.[0-9]{3} +[0-9]+\.[0-9]{3}  [a-z_]+(, [a-z_]+)*$" "$work/programs.txt" ||
    fail "--programs text: $(tail -4 "$work/programs.txt")"
"$ltcap" info "$log" | grep -q "ms/launch" && fail "the program table without --programs"
grep -qE "^enqueueProgram +1 +0 +[0-9]+\.[0-9]{3}$" "$work/info.txt" || fail "the function table is not in ms: $(cat "$work/info.txt")"

# Programs of one kernel set are one row (eltwise_binary: two programs of the same three kernels), with a total;
# --each-program adds a row per program.
"$ltcap" capture -q -o "$work/two.capnp" -- "$two_programs" >"$work/two.out" 2>&1 || fail "capture: $(cat "$work/two.out")"
"$ltcap" info --programs "$work/two.capnp" >"$work/two.txt" || fail "ltcap info --programs exit $?"
grep -qE "^ +2 +2 .*  reader_binary_tiles, writer_unary_tiles, compute_binary_tiles$" "$work/two.txt" &&
    grep -qE "^ +2 +2 .*  total$" "$work/two.txt" || fail "no kernel-set row and total: $(tail -5 "$work/two.txt")"
[ "$(grep -c "  program#" "$work/two.txt")" -eq 0 ] || fail "program rows without --each-program"
"$ltcap" info --each-program "$work/two.capnp" >"$work/each.txt" || fail "ltcap info --each-program exit $?"
[ "$(grep -cE "^ +1 .*  program#[0-9]+ \(reader_binary_tiles, writer_unary_tiles, compute_binary_tiles\)$" "$work/each.txt")" -eq 2 ] ||
    fail "--each-program: $(tail -6 "$work/each.txt")"
"$ltcap" info --json --programs "$work/two.capnp" | python3 -c '
import json, sys
info = json.load(sys.stdin)
sets, total = info["kernel_sets"], info["programs_total"]
assert len(sets) == 1 and sets[0]["programs"] == 2 and sets[0]["launches"] == 2, sets
assert sets[0]["kernels"] == "reader_binary_tiles, writer_unary_tiles, compute_binary_tiles", sets
assert total["launches"] == info["launches"] == 2 and total["queue_ns"] == sum(p["queue_ns"] for p in info["programs"])
assert all(p["kernels"] == sets[0]["kernels"] for p in info["programs"]), info["programs"]
' || fail "--json kernel sets"
echo "ok: kernel sets: $(grep -E '  total$' "$work/two.txt")"

# Cut off: everything before the cut is summarised, exit 1.
size=$(stat -c %s "$log")
head -c $((size * 2 / 3)) "$log" >"$work/cut.capnp"
"$ltcap" info "$work/cut.capnp" >"$work/cut.txt" 2>"$work/cut.err"
[ $? -eq 1 ] || fail "a cut log is not exit 1"
grep -q "^state: *cut off" "$work/cut.txt" || fail "the cut is not reported: $(cat "$work/cut.txt")"
[ "$(wc -l <"$work/cut.err")" -eq 1 ] || fail "not one line on stderr: $(cat "$work/cut.err")"

# Not a log, and an empty file: exit 2, one line.
echo "hello" >"$work/foreign"
for f in "$work/foreign" /dev/null; do
    "$ltcap" info "$f" >/dev/null 2>"$work/bad.err"
    [ $? -eq 2 ] || fail "$f is not exit 2"
    [ "$(wc -l <"$work/bad.err")" -eq 1 ] || fail "$f: not one line: $(cat "$work/bad.err")"
    [ "$(grep -o "$f" "$work/bad.err" | wc -l)" -eq 1 ] || fail "$f: the path is not named once: $(cat "$work/bad.err")"
done
# A folder: said so, by every tool that reads a log.
mkdir -p "$work/folder"
for c in info "export --format json" dump replay; do
    "$ltcap" $c "$work/folder" >/dev/null 2>"$work/bad.err"
    [ $? -eq 2 ] || fail "ltcap $c on a folder is not exit 2: $(cat "$work/bad.err")"
    grep -q "$work/folder: a folder, not a log$" "$work/bad.err" || fail "ltcap $c on a folder: $(cat "$work/bad.err")"
done
# A mesh program's log (v0.67.0: a unit mesh and a 2x4 mesh): its meshes and their devices are reported.
"$ltcap" capture -q -o "$work/mesh.capnp" -- "$mesh_program" >"$work/mesh.out" 2>&1 || fail "mesh capture: $(cat "$work/mesh.out")"
"$ltcap" info "$work/mesh.capnp" >"$work/mesh.info" || fail "ltcap info on the mesh log exit $?"
grep -qE '^meshes: +mesh device#[0-9]+ \(1 device\), mesh device#[0-9]+ \(8 devices\)$' "$work/mesh.info" ||
    fail "the meshes are not reported: $(grep -E '^(devices|meshes)' "$work/mesh.info")"
! grep -q 'none opened in this log' "$work/mesh.info" || fail "a mesh log says no device was opened"
"$ltcap" info --json "$work/mesh.capnp" | python3 -c 'import json,sys; m=json.load(sys.stdin)["meshes"]; sys.exit(0 if [x["devices"] for x in m] == [1, 8] else 1)' ||
    fail "ltcap info --json: meshes"
echo "PASS: ltcap info agrees with ltdump on $calls calls; cut and foreign logs refused as they should be; meshes reported"
