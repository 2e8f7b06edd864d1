#!/bin/bash
# ltcap capture checks its settings before the program starts: a setting the shim would refuse once the program
# runs (from an option or from the environment) and a log folder that does not exist or cannot be written are
# named in one line, exit 2, and the program never runs. --require-log turns "no log written" into exit 3; a log the
# shim cannot create or write (a field's folder that cannot be made, /dev/full) is exit 3 too; a good capture is
# unchanged; the log is named after the program's whole name.
#   capture_options_test.sh LTCAP LOOPBACK
set -uo pipefail
ltcap=$(realpath "$1") program=$(realpath "$2")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
runfiles=$PWD  # test programs find their kernels from here
cd "$work" || exit 1

# A "program" that leaves a mark when it runs.
marker=$work/ran
cat >"$work/prog.sh" <<SH
#!/bin/sh
touch "$marker"
SH
chmod +x "$work/prog.sh"

refused() {  # PATTERN ARGS… : ltcap capture ARGS… -- prog.sh must exit 2 with one line matching PATTERN, not run it
    local pattern=$1
    shift
    rm -f "$marker"
    "$ltcap" capture "$@" -- "$work/prog.sh" >"$work/out" 2>&1
    local status=$?
    [ $status -eq 2 ] || fail "capture $*: exit $status, expected 2: $(cat "$work/out")"
    [ ! -e "$marker" ] || fail "capture $*: the program ran"
    [ "$(wc -l <"$work/out")" -eq 1 ] || fail "capture $*: expected one line: $(cat "$work/out")"
    grep -qE "^ltcap capture: $pattern.*; .*prog.sh not run$" "$work/out" || fail "capture $*: $(cat "$work/out")"
    echo "ok: $*: $(cat "$work/out")"
}

refused "LTCAP_RANGES=abc: expected 1-based windows" --ranges abc
refused "LTCAP_RANGES=5-3: expected" --ranges 5-3
refused "LTCAP_BOUNDARY=sometimes: " --boundary sometimes
refused "LTCAP_TRIGGER_SIGNAL=SIGFOO: " --trigger-signal SIGFOO
refused "LTCAP_BUFFER_MB=lots: " -e LTCAP_BUFFER_MB=lots
# An unknown variable says where the list is — a command every installation has, not a path in the source tree.
refused "LTCAP_OUTPT=x: unknown variable \(\`ltcap capture --variables\` lists them\)" -e LTCAP_OUTPT=x
"$ltcap" capture --variables >"$work/vars" || fail "--variables: exit $?"
grep -q "^LTCAP_OUTPUT (default: %n.%p.capnp)$" "$work/vars" || fail "--variables: $(head -3 "$work/vars")"
[ "$(grep -c '^LTCAP_' "$work/vars")" -ge 10 ] || fail "--variables lists $(grep -c '^LTCAP_' "$work/vars") variables"
refused "the log's folder /nonexistent/dir does not exist \(LTCAP_OUTPUT=/nonexistent/dir/x.capnp\)" \
    -o /nonexistent/dir/x.capnp
touch "$work/afile"
refused "the log's folder $work/afile is not a folder" -o "$work/afile/x.capnp"
# From the environment, as the shim would read it.
rm -f "$marker"
LTCAP_RANGES=abc "$ltcap" capture -- "$work/prog.sh" >"$work/out" 2>&1
[ $? -eq 2 ] && [ ! -e "$marker" ] || fail "LTCAP_RANGES=abc in the environment: $(cat "$work/out")"
grep -q "^ltcap capture: LTCAP_RANGES=abc: " "$work/out" || fail "LTCAP_RANGES=abc in the environment: $(cat "$work/out")"
echo "ok: LTCAP_RANGES=abc from the environment"
if [ "$(id -u)" -ne 0 ]; then
    mkdir -p "$work/ro" && chmod 555 "$work/ro"
    refused "the log's folder $work/ro is not writable" -o "$work/ro/x.capnp"
fi

# A folder with a field in it is the shim's to make sense of: not refused here.
rm -f "$marker"
"$ltcap" capture -o "$work/%n/x.capnp" -- "$work/prog.sh" >"$work/out" 2>&1 || fail "a field in the folder: exit $?: $(cat "$work/out")"
[ -e "$marker" ] || fail "a field in the folder: the program did not run"

# No log: the program's status (0), or 3 with --require-log; the line says why.
"$ltcap" capture -- /bin/true >"$work/out" 2>&1 || fail "/bin/true: exit $?: $(cat "$work/out")"
grep -q "^ltcap: no log written (the program made no tt-metal call" "$work/out" || fail "no log: $(cat "$work/out")"
"$ltcap" capture --require-log -- /bin/true >"$work/out" 2>&1
status=$?
[ $status -eq 3 ] || fail "--require-log without a log: exit $status: $(cat "$work/out")"
grep -q "^ltcap: no log written" "$work/out" || fail "--require-log: $(cat "$work/out")"
echo "ok: --require-log: exit 3 when nothing was captured"

# A good capture: a log, the program's status, --require-log satisfied.
(cd "$runfiles" && "$ltcap" capture -q --require-log -o "$work/good.capnp" -- "$program") >"$work/out" 2>&1 || fail "good capture: exit $?: $(cat "$work/out")"
grep -q "^ltcap: log $work/good.capnp$" "$work/out" || fail "good capture: $(cat "$work/out")"
# %n is the program's whole name, not the kernel's 15-character comm.
ln -s "$program" "$work/a_program_with_a_long_name"
(cd "$runfiles" && "$ltcap" capture -q -o "$work/%n.capnp" -- "$work/a_program_with_a_long_name") >"$work/out" 2>&1 ||
    fail "long name: exit $?: $(cat "$work/out")"
[ -e "$work/a_program_with_a_long_name.capnp" ] || fail "the log is not named after the whole program name: $(cat "$work/out")"
echo "ok: %n is the whole program name"

# A log that cannot be written is a failed capture: exit 3 whatever the program's status, with a line saying why;
# the program itself runs to its end (its status is named).
cannot_write() {  # WHAT ARGS… : ltcap capture ARGS… -- the program must exit 3 naming the failure
    local what=$1
    shift
    (cd "$runfiles" && "$ltcap" capture "$@" -- "$program") >"$work/out" 2>&1
    local status=$?
    [ $status -eq 3 ] || fail "$what: exit $status, expected 3: $(cat "$work/out")"
    grep "^ltcap: the capture failed: " "$work/out" | grep -qF "; exit status 3 ($program's: 0)" ||
        fail "$what: $(cat "$work/out")"
    ! grep -q "no log written (the program made no tt-metal call" "$work/out" || fail "$what: blames the program: $(cat "$work/out")"
    echo "ok: $what: $(grep '^ltcap: the capture failed' "$work/out")"
}
cannot_write "a folder with a field that cannot be made" -o "$work/afile/%n/x.capnp"
cannot_write "quiet, a folder that cannot be made" -q -o "$work/afile/%n/x.capnp"
[ -w /dev/full ] && cannot_write "a full disk (/dev/full)" -o /dev/full
echo "PASS: capture settings are checked before the program runs; a log that cannot be written fails the capture"
