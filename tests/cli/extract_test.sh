#!/bin/bash
# ltcap extract on a real log (matmul_single_core): the kernel tree it writes is the one the program was built
# with — the program, run from the extracted tree with an empty kernel cache, compiles every kernel from it and
# passes, and fails once an extracted kernel is broken; index.json lists every write and read with a file of the
# right size; the header a kernel includes with quotes is extracted beside it and used. A cut-off log extracts what is there (exit 1), a foreign file is exit 2.
# A mesh log (mesh_sharded): every shard a call writes or reads is its own entry, read pieces at their offsets.
# Two kernels holding one file with different contents: reported, neither overwritten. Links already in the target
# folder (extract, export --blobs) are refused, never followed.
#   extract_test.sh LTCAP MATMUL_SINGLE_CORE MESH_SHARDED LOG_EDIT
set -uo pipefail
ltcap=$(realpath "$1") program=$(realpath "$2") mesh_program=$(realpath "$3") edit=$(realpath "$4")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }

log=$work/matmul.capnp
"$ltcap" capture -q -o "$log" -- "$program" >"$work/run.out" 2>&1 || fail "capture: $(cat "$work/run.out")"
"$ltcap" dump --no-times "$log" >"$work/dump.txt" || fail "ltcap dump exit $?"
"$ltcap" info --json "$log" >"$work/info.json" || fail "ltcap info exit $?"
out=$work/extracted
"$ltcap" extract "$log" "$out" >"$work/extract.out" || fail "extract exit $?: $(cat "$work/extract.out")"

python3 - "$out" "$work/dump.txt" "$work/info.json" <<'PY' || fail "index.json disagrees with the log"
import json, os, re, sys
out, dump, info = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
index = json.load(open(os.path.join(out, "index.json")))
kernel_calls = [l for l in open(dump) if re.match(r"#\d+ \[t\d+\] createKernel\(", l)]
assert len(index["kernels"]) == len(kernel_calls), (index["kernels"], len(kernel_calls))
for k in index["kernels"]:
    assert k["files"][0] == "kernels/" + k["path"], k
    assert all(os.path.isfile(os.path.join(out, f)) for f in k["files"]), k
writes = [d for d in index["data"] if d["direction"] == "write"]
reads = [d for d in index["data"] if d["direction"] == "read"]
write_calls = [l for l in open(dump) if re.search(r"=blob#\d+\(", l)]
assert len(writes) == len(write_calls) and len(reads) == info["reads"]["recorded"], (len(writes), len(reads))
for d in index["data"]:
    path = os.path.join(out, d["file"])
    assert os.path.getsize(path) >= d["bytes"] > 0 and d["buffer"] > 0 and d["function"], d
    if d["element_type"] == "bfloat16":
        assert d["elements"] * 2 == d["bytes"], d
assert all(r["function"] == "enqueueReadBuffer" for r in reads), reads
# reader_matmul.cpp includes "tile_order.h" with quotes: the header is one of its files, beside it.
reader = [k for k in index["kernels"] if k["path"].endswith("reader_matmul.cpp")]
assert len(reader) == 1 and len(reader[0]["files"]) == 2, reader
header = reader[0]["files"][1]
assert header == os.path.join(os.path.dirname(reader[0]["files"][0]), "tile_order.h"), reader
open(os.path.join(out, "header.path"), "w").write(header)
print(f"{len(index['kernels'])} kernels, {len(writes)} writes, {len(reads)} reads")
PY

# The extracted tree builds the program's kernels: run it from there (its kernel paths are relative) with an empty
# kernel cache, then with one kernel broken.
(cd "$out/kernels" && TT_METAL_EMU_CACHE_DIR=$work/cache2 "$program") >"$work/rebuilt.out" 2>&1 ||
    fail "the program does not build and pass from the extracted kernels: $(tail -3 "$work/rebuilt.out")"
first=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['kernels'][0]['files'][0])" "$out/index.json")
echo "#error broken on purpose" >>"$out/$first"
(cd "$out/kernels" && TT_METAL_EMU_CACHE_DIR=$work/cache3 "$program") >"$work/broken.out" 2>&1 &&
    fail "the program passed with a broken extracted kernel: it did not use the extracted tree"

# The included header is used from the extracted tree too.
cp "$out/$(cat "$out/header.path")" "$work/tile_order.h"
sed -i 's/return row \* cols + col;/return col * cols + row;/' "$out/$(cat "$out/header.path")"
cmp -s "$work/tile_order.h" "$out/$(cat "$out/header.path")" && fail "the header edit did not apply"
(cd "$out/kernels" && TT_METAL_EMU_CACHE_DIR=$work/cache4 "$program") >"$work/header.out" 2>&1 &&
    fail "the program passed with the extracted header changed: the header was not taken from the extracted tree"

# A mesh log: the whole writes, the one-shard write, the whole and one-shard reads, and each piece of the all-shards
# read (8 shards, 4096 bytes each, one after another) name their call and mesh buffer.
"$ltcap" capture -q -o "$work/mesh.capnp" -- "$mesh_program" >"$work/mesh.out" 2>&1 || fail "mesh capture: $(cat "$work/mesh.out")"
"$ltcap" extract "$work/mesh.capnp" "$work/mesh" >/dev/null || fail "mesh extract exit $?"
python3 - "$work/mesh/index.json" <<'PY' || fail "the mesh log's index.json"
import json, sys
data = json.load(open(sys.argv[1]))["data"]
by = lambda f, direction: [d for d in data if d["function"] == f and d["direction"] == direction]
assert len(by("meshCqEnqueueWriteMeshBuffer", "write")) == 2 and len(by("meshCqEnqueueWriteShards", "write")) == 2
assert len(by("meshCqEnqueueReadMeshBuffer", "read")) == 2
pieces = by("meshCqEnqueueReadShards", "read")
assert len(pieces) == 2 * (8 + 8), len(pieces)
all_at_once = [d for d in pieces if sum(p["seq"] == d["seq"] for p in pieces) == 8]
assert sorted(d.get("offset", 0) for d in all_at_once[:8]) == [i * 4096 for i in range(8)], all_at_once
assert all(d["buffer"] > 0 and d["bytes"] > 0 for d in data), data
PY

# Two kernels holding one file with different contents: neither overwrites the other — the second's tree goes under
# kernels/@<id>/, which extract says and index.json lists — and both files keep their own contents.
mapfile -t ids < <("$ltcap" dump --data "$log" | sed -n 's/^  source#\([0-9]*\): .*/\1/p')
mapfile -t paths < <("$ltcap" dump --data "$log" | sed -n 's/^  source#[0-9]*: \([^ ]*\) .*/\1/p')
[ ${#ids[@]} -ge 2 ] || fail "matmul_single_core has ${#ids[@]} kernel sources"
# The second kernel's file named, relative to its own folder, as the first kernel's file.
same=$(python3 -c 'import os, sys; print(os.path.relpath(sys.argv[1], os.path.dirname(sys.argv[2])))' "${paths[0]}" "${paths[1]}")
"$edit" "$log" "$work/clash.capnp" --source-path "${ids[1]}" "$same" || fail "log_edit"
"$ltcap" extract "$work/clash.capnp" "$work/clash" >"$work/clash.out" 2>&1 || fail "extract of clashing kernels: $(cat "$work/clash.out")"
grep -q "kernel source ${ids[1]} holds files another kernel holds with other contents: its tree is under .*/kernels/@${ids[1]}/" \
    "$work/clash.out" || fail "the clash is not reported: $(cat "$work/clash.out")"
python3 - "$work/clash" "${ids[0]}" "${ids[1]}" <<'PY' || fail "the clashing kernels' files"
import json, os, sys
out, first, second = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
kernels = {k["id"]: k for k in json.load(open(os.path.join(out, "index.json")))["kernels"]}
a, b = kernels[first]["files"][0], kernels[second]["files"][0]
assert a != b and b.startswith(f"kernels/@{second}/"), (a, b)
assert open(os.path.join(out, a)).read() != open(os.path.join(out, b)).read(), "one overwrote the other"
PY
echo "ok: clashing kernel files: $(grep holds "$work/clash.out")"

# Links already in the target folder are never written through (extract and export --blobs): a symlinked data file,
# a symlinked kernels/ folder and a hard link each stop the run (exit 2, naming the file), and what they point at
# keeps its contents.
echo precious >"$work/victim"
mkdir -p "$work/outside"
cp "$work/victim" "$work/outside/victim"
first_blob=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['data'][0]['file'])" "$out/index.json")
linked() {  # WHAT DIR CMD… : CMD must exit 2 naming a link in DIR, and leave the victims alone
    local what=$1 dir=$2
    shift 2
    "$@" >/dev/null 2>"$work/link.err"
    local status=$?
    [ $status -eq 2 ] || fail "$what: exit $status: $(cat "$work/link.err")"
    grep -q "^ltcap [a-z]*: cannot write $dir/.*: .*\(symbolic link\|hard link\)" "$work/link.err" || fail "$what: $(cat "$work/link.err")"
    [ "$(cat "$work/victim")" = precious ] && [ "$(ls "$work/outside")" = victim ] &&
        [ "$(cat "$work/outside/victim")" = precious ] || fail "$what: wrote outside its folder"
    echo "ok: $what: $(cat "$work/link.err")"
}
mkdir -p "$work/l1/data" && ln -s "$work/victim" "$work/l1/$first_blob"
linked "extract: a symlinked data file" "$work/l1" "$ltcap" extract "$log" "$work/l1"
mkdir -p "$work/l2" && ln -s "$work/outside" "$work/l2/kernels"
linked "extract: a symlinked kernels folder" "$work/l2" "$ltcap" extract "$log" "$work/l2"
mkdir -p "$work/l3" && ln "$work/victim" "$work/l3/index.json"
linked "extract: a hard-linked index.json" "$work/l3" "$ltcap" extract "$log" "$work/l3"
mkdir -p "$work/l4" && ln -s "$work/victim" "$work/l4/$(basename "$first_blob")"
linked "export --blobs: a symlinked blob file" "$work/l4" "$ltcap" export --blobs "$work/l4" -o "$work/l4.json" "$log"

# A cut log: what is there, exit 1; a foreign file: exit 2, one line.
head -c $(($(stat -c %s "$log") / 2)) "$log" >"$work/cut.capnp"
"$ltcap" extract "$work/cut.capnp" "$work/cut" >/dev/null 2>"$work/cut.err"
[ $? -eq 1 ] && [ -f "$work/cut/index.json" ] || fail "a cut log: $(cat "$work/cut.err")"
echo "hello" >"$work/foreign"
"$ltcap" extract "$work/foreign" "$work/foreign.out" >/dev/null 2>"$work/bad.err"
[ $? -eq 2 ] && [ "$(wc -l <"$work/bad.err")" -eq 1 ] || fail "a foreign file: $(cat "$work/bad.err")"
echo "PASS: ltcap extract writes the kernel tree the program builds from, and every payload and read"
