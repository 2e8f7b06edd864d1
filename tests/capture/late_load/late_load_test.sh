#!/bin/bash
# tt-metal loaded after start-up: a C host and Python's ctypes dlopen the loopback program built as a shared object.
# Under LD_PRELOAD=libltcap.so every way of loading must behave exactly as without the shim, and each log must
# replay in a fresh process with every read matching; a host that never loads tt-metal leaves the shim idle; a
# libtt_metal.so with other names (another ABI) is reported in one line.
#   late_load_test.sh DL_HOST PLUGIN OTHER_ABI_LIB LIBLTCAP LTPLAY LTDUMP
set -uo pipefail
host=$(realpath "$1") plugin=$(realpath "$2") other=$(realpath "$3") shim=$(realpath "$4") ltplay=$(realpath "$5")
ltdump=$(realpath "$6")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }

"$host" "$plugin" >"$work/plain.out" 2>&1 || fail "the plugin fails without the shim: $(cat "$work/plain.out")"

# CASE NAME, then the host command: runs it under the shim; it must exit 0 with the plain run's output, write one
# log, and that log must replay from another folder with every read matching.
replayed() {  # NAME LOG [EXPECTED_CREATE_DEVICE_CALLS]
    local name=$1 log=$2 devices=${3:-1}
    [ -s "$log" ] || fail "$name: no log at $log: $(cat "$work/$name.err")"
    "$ltdump" --no-times "$log" >"$work/$name.dump" || fail "$name: ltdump exit $?"
    [ "$(grep -c ' createDevice(' "$work/$name.dump")" -eq "$devices" ] ||
        fail "$name: expected $devices createDevice calls: $(head -5 "$work/$name.dump")"
    mkdir -p "$work/elsewhere"
    (cd "$work/elsewhere" && "$ltplay" "$log") >"$work/$name.play" 2>&1 || fail "$name: ltplay exit $?: $(cat "$work/$name.play")"
    grep -qE ", [1-9][0-9]* reads checked, 0 mismatches" "$work/$name.play" || fail "$name: $(cat "$work/$name.play")"
    echo "ok: $name: $(grep -c '^#' "$work/$name.dump") calls captured; $(tail -1 "$work/$name.play")"
}
captured() {  # NAME HOST-ARGS...
    local name=$1
    shift
    LTCAP_OUTPUT=$work/$name.capnp LD_PRELOAD=$shim "$@" >"$work/$name.out" 2>"$work/$name.err" ||
        fail "$name: exit $? under the shim: $(cat "$work/$name.err")"
    diff -u "$work/plain.out" "$work/$name.out" >&2 || fail "$name: stdout differs under the shim"
}

captured local "$host" "$plugin"
replayed local "$work/local.capnp"
captured global "$host" --global "$plugin"
replayed global "$work/global.capnp"

# Loaded, run, dlclosed, loaded and run again: the second run's calls must reach the same tt-metal.
cat "$work/plain.out" "$work/plain.out" >"$work/plain2.out"
LTCAP_OUTPUT=$work/twice.capnp LD_PRELOAD=$shim "$host" --twice "$plugin" >"$work/twice.out" 2>"$work/twice.err" ||
    fail "twice: exit $? under the shim: $(cat "$work/twice.err")"
diff -u "$work/plain2.out" "$work/twice.out" >&2 || fail "twice: stdout differs"
replayed twice "$work/twice.capnp" 2

# Loaded only in a forked child: the child captures (into its own log), the parent, which never called tt-metal,
# writes nothing.
LTCAP_OUTPUT=$work/fork.%p.capnp LD_PRELOAD=$shim "$host" --fork "$plugin" >"$work/fork.out" 2>"$work/fork.err" ||
    fail "fork: exit $? under the shim: $(cat "$work/fork.err")"
diff -u "$work/plain.out" "$work/fork.out" >&2 || fail "fork: stdout differs"
logs=("$work"/fork.*.capnp)
[ ${#logs[@]} -eq 1 ] || fail "fork: expected the child's log only, got: ${logs[*]}"
replayed fork "${logs[0]}"

# Python's ctypes: CDLL (RTLD_LOCAL) and RTLD_GLOBAL.
python=$(command -v python3) || fail "python3 is not installed (scripts/install_deps.sh installs it)"
for mode in LOCAL GLOBAL; do
    LTCAP_OUTPUT=$work/python-$mode.capnp LD_PRELOAD=$shim "$python" -c \
        "import ctypes, sys; sys.stdout.flush(); sys.exit(ctypes.CDLL('$plugin', mode=ctypes.RTLD_$mode).main())" \
        >"$work/python-$mode.out" 2>"$work/python-$mode.err" || fail "python $mode: exit $?: $(cat "$work/python-$mode.err")"
    diff -u "$work/plain.out" "$work/python-$mode.out" >&2 || fail "python $mode: stdout differs"
    replayed "python-$mode" "$work/python-$mode.capnp"
done

# Never loaded: the shim stays idle — no log, nothing on stderr.
mkdir -p "$work/idle" && cd "$work/idle" || fail "cd"
LD_PRELOAD=$shim "$host" --none "$plugin" >"$work/idle.out" 2>"$work/idle.err" || fail "idle: exit $?"
[ ! -s "$work/idle.err" ] || fail "idle: the shim printed: $(cat "$work/idle.err")"
[ -z "$(ls -A "$work/idle")" ] || fail "idle: files appeared: $(ls "$work/idle")"
echo "ok: never loaded: no log, nothing printed"

# A libtt_metal.so with other names: one line says nothing of it can be captured — whether it is unloaded again
# (dlclose), still loaded at exit (Python never unloads), or there from the start.
mismatch_reported() {  # NAME COMMAND...
    local name=$1
    shift
    LD_PRELOAD=$shim "$@" >"$work/$name.out" 2>"$work/$name.err" || fail "$name: exit $?: $(cat "$work/$name.err")"
    [ "$(grep -c '^ltcap: .*libtt_metal.so is loaded but does not define' "$work/$name.err")" -eq 1 ] ||
        fail "$name: expected one line naming the mismatch, got: $(cat "$work/$name.err")"
    [ "$(wc -l <"$work/$name.err")" -eq 1 ] || fail "$name: more than one line: $(cat "$work/$name.err")"
    echo "ok: $name: reported"
}
mismatch_reported other-dlclosed "$host" "$other"
mismatch_reported other-at-exit "$python" -c "import ctypes; ctypes.CDLL('$other')"
LD_PRELOAD="$shim $other" "$host" --none 2>"$work/other-linked.err" || fail "other-linked: exit $?"
[ "$(grep -c 'libtt_metal.so is loaded but does not define' "$work/other-linked.err")" -eq 1 ] ||
    fail "other-linked: expected one line, got: $(cat "$work/other-linked.err")"
echo "ok: other ABI: $(head -c 300 "$work/other-dlclosed.err")"
# ... but not when asked to be quiet, and not when capture is disabled.
LTCAP_LOG=quiet LD_PRELOAD=$shim "$host" "$other" 2>"$work/other-quiet.err" || fail "other ABI quiet: exit $?"
[ ! -s "$work/other-quiet.err" ] || fail "LTCAP_LOG=quiet still printed: $(cat "$work/other-quiet.err")"
echo "PASS: tt-metal loaded late is captured and replays, every way"
