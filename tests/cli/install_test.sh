#!/bin/bash
# Install into a temporary prefix with the users' script, then, with no source tree around: capture a copy of an
# example program with `ltcap capture`, summarise the log with `ltcap info`, replay it with `ltcap replay` from
# another folder (libtt_metal.so found beside the installed tools), and show that a replay with no
# libtt_metal.so anywhere ends with ltcap's explanation.
set -uo pipefail
program=$(realpath "$1")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
prefix=$work/prefix
scripts/install.sh --from "$PWD" "$prefix" >"$work/install.out" 2>&1 || fail "install: $(cat "$work/install.out")"
for f in bin/ltcap bin/ltplay bin/ltdump bin/ltplay_v067 lib/libltcap.so lib/libltcap_v067.so lib/libtt_metal.so \
    lib/libltcap_run.so lib/libltcap_run_v067.so include/ltcap/ltcap_run.h share/ltcap/trace.capnp \
    share/doc/ltcap/ltcap.md; do
    [ -f "$prefix/$f" ] || fail "install did not put $f under the prefix"
done
# The headers are installed too: a program compiles against the prefix alone.
printf '#include <tt-metalium/host_api.hpp>\nint main() { return 0; }\n' >"$work/alone.cpp"
g++ -std=c++20 -fsyntax-only -I"$prefix/include" "$work/alone.cpp" >"$work/alone.out" 2>&1 ||
    fail "host_api.hpp does not compile against the installed include/: $(head -5 "$work/alone.out")"
[ "$(cat "$prefix/share/ltcap/tt-metal-release")" = v0.56.0 ] || fail "the prefix does not name its tt-metal release"
"$prefix/bin/ltcap" version | grep -q '^ltcap [0-9.]* (log format [0-9]*, tt-metal v0.56.0, v0.67.0, v0.68.0-rc1)$' ||
    fail "ltcap version: $("$prefix/bin/ltcap" version)"

# The program as a user has it: a binary of their own, tt-metal on LD_LIBRARY_PATH, kernels under TT_METAL_HOME.
mkdir -p "$work/app" "$work/run" "$work/elsewhere"
cp "$program" "$work/app/eltwise_binary"
kernels=$PWD
(cd "$work/run" && env -u LD_PRELOAD LD_LIBRARY_PATH="$prefix/lib" TT_METAL_HOME="$kernels" \
    "$prefix/bin/ltcap" capture --quiet --output run.capnp -- "$work/app/eltwise_binary" a b) \
    >"$work/capture.out" 2>&1
status=$?
[ $status -eq 0 ] || fail "ltcap capture exit $status: $(cat "$work/capture.out")"
grep -q "^ltcap: log run.capnp$" "$work/capture.out" || fail "capture did not say where the log went: $(cat "$work/capture.out")"
grep -q "^ltcap: capturing" "$work/capture.out" && fail "--quiet did not silence the shim"
log=$work/run/run.capnp
[ -f "$log" ] || fail "no log at $log"

# The program's exit status is ltcap's; a file of the log's name left from before is not reported as this run's.
touch -d '2 hours ago' "$work/run/x.capnp"
(cd "$work/run" && LD_LIBRARY_PATH="$prefix/lib" "$prefix/bin/ltcap" capture -q -o x.capnp -- /bin/sh -c 'exit 7') \
    >"$work/seven.out" 2>&1
[ $? -eq 7 ] || fail "the program's exit status 7 was not ltcap's"
grep -q "^ltcap: no log written" "$work/seven.out" || fail "an old file was reported as the log: $(cat "$work/seven.out")"

# A signal sent to ltcap reaches the program (here it makes the program exit 5).
(cd "$work/run" && exec "$prefix/bin/ltcap" capture -q -o y.capnp -- /bin/sh -c \
    'trap "exit 5" TERM; while :; do sleep 0.1; done') >/dev/null 2>&1 &
sleep 1
kill -TERM $!
wait $!
[ $? -eq 5 ] || fail "TERM sent to ltcap did not reach the program"

# info: the JSON summary, against ltdump's lines.
(cd "$work/elsewhere" && "$prefix/bin/ltcap" info --json "$log") >"$work/info.json" || fail "ltcap info exit $?"
calls=$("$prefix/bin/ltcap" dump --no-times "$log" | grep -c '^#')
python3 - "$work/info.json" "$calls" <<'PY' || fail "info JSON: $(cat "$work/info.json")"
import json, sys
info = json.load(open(sys.argv[1]))
assert info["complete"] and info["calls"] == int(sys.argv[2]), (info["calls"], sys.argv[2])
assert info["devices"] == [0] and info["process"] == "eltwise_binary", info
assert info["command_line"][1:] == ["a", "b"], info["command_line"]
names = {f["name"]: f["calls"] for f in info["functions"]}
assert names["enqueueProgram"] >= 1 and names["createDevice"] == 1, names
assert info["kernel_sources"]["count"] >= 3 and info["reads"]["recorded"] >= 1, info
PY

# replay from a folder with neither the program nor its kernels, nothing on LD_LIBRARY_PATH.
(cd "$work/elsewhere" && env -u LD_LIBRARY_PATH -u TT_METAL_HOME "$prefix/bin/ltcap" replay "$log") \
    >"$work/replay.out" 2>&1 || fail "ltcap replay exit $?: $(cat "$work/replay.out")"
grep -qE "ltplay: $calls calls replayed, [1-9][0-9]* reads checked, 0 mismatches" "$work/replay.out" ||
    fail "replay verdict: $(cat "$work/replay.out")"

# The log as a workload through the installed runtime (ltcap run loads PREFIX/lib/libltcap_run.so), where no
# compiler is found and the kernel cache is empty: its inputs and outputs listed, then a run checked against the
# capture.
(cd "$work/elsewhere" && env -u TT_METAL_HOME PATH=/nonexistent TT_METAL_EMU_CACHE_DIR="$work/empty-cache" \
    "$prefix/bin/ltcap" run --list "$log") >"$work/list.out" 2>&1 || fail "ltcap run --list exit $?: $(cat "$work/list.out")"
grep -qE "^input call [0-9]+: [a-zA-Z]+, [0-9]+ bytes: " "$work/list.out" && grep -qE "^output call [0-9]+: " "$work/list.out" ||
    fail "ltcap run --list: $(cat "$work/list.out")"
(cd "$work/elsewhere" && env -u TT_METAL_HOME PATH=/nonexistent TT_METAL_EMU_CACHE_DIR="$work/empty-cache" \
    "$prefix/bin/ltcap" run "$log") >"$work/run.out" 2>&1 || fail "ltcap run exit $?: $(cat "$work/run.out")"
grep -q "ran, every output matching the capture" "$work/run.out" || fail "ltcap run: $(cat "$work/run.out")"

# No libtt_metal.so anywhere: the loader fails, and ltcap says what to do.
mv "$prefix/lib/libtt_metal.so" "$work/libtt_metal.so.away"
(cd "$work/elsewhere" && env -u LD_LIBRARY_PATH -u TT_METAL_HOME "$prefix/bin/ltcap" replay "$log") \
    >"$work/missing.out" 2>&1
status=$?
[ $status -eq 127 ] || fail "replay without libtt_metal.so: exit $status: $(cat "$work/missing.out")"
grep -q "^ltcap: ltplay could not start; .*LD_LIBRARY_PATH.*TT_METAL_HOME" "$work/missing.out" ||
    fail "no explanation: $(cat "$work/missing.out")"
# ... and TT_METAL_HOME's build/lib is where ltcap replay looks next.
mkdir -p "$work/tthome/build/lib"
mv "$work/libtt_metal.so.away" "$work/tthome/build/lib/libtt_metal.so"
(cd "$work/elsewhere" && env -u LD_LIBRARY_PATH TT_METAL_HOME="$work/tthome" "$prefix/bin/ltcap" replay "$log") \
    >"$work/home.out" 2>&1 || fail "replay with TT_METAL_HOME's library: $(cat "$work/home.out")"
mv "$work/tthome/build/lib/libtt_metal.so" "$prefix/lib/libtt_metal.so"

# Usage errors: exit 2 with the usage; --help on every command.
"$prefix/bin/ltcap" frobnicate >/dev/null 2>&1
[ $? -eq 2 ] || fail "an unknown command is not exit 2"
"$prefix/bin/ltcap" help frobnicate >/dev/null 2>&1
[ $? -eq 2 ] || fail "help on an unknown command is not exit 2"
# Every command the usage lists (cli/ltcap.cc's command table) answers --help and `ltcap help COMMAND`.
commands=$("$prefix/bin/ltcap" --help | sed -n '/^commands:/,/^$/s/^  \([a-z]\{1,\}\) .*/\1/p')
[ "$(echo $commands)" = "capture info export extract trim diff replay bisect run dump help version" ] ||
    fail "the usage lists: $(echo $commands)"
for c in capture info export extract trim diff replay bisect run dump; do
    "$prefix/bin/ltcap" $c --help >"$work/help.out" && grep -q "^usage: ltcap $c " "$work/help.out" ||
        fail "ltcap $c --help: $(head -1 "$work/help.out")"
    "$prefix/bin/ltcap" help $c >"$work/help.out" && grep -q "^usage: ltcap $c " "$work/help.out" ||
        fail "ltcap help $c: $(head -1 "$work/help.out")"
done
# (Output to a file first: with pipefail, grep -q leaving early would fail the pipeline by SIGPIPE.)
"$prefix/bin/ltplay" --help >"$work/help.out" && grep -q "^usage: ltplay " "$work/help.out" || fail "ltplay --help names ltplay"

# Man pages, made from the --help texts: every command's usage in ltcap(1); they render where nroff is.
for page in ltcap ltplay ltdump; do
    head -1 "$prefix/share/man/man1/$page.1" | grep -q "^\.TH ${page^^} 1 " || fail "$page.1 is not a man page"
done
for c in capture info export extract trim diff replay bisect run dump; do
    grep -q "^usage: ltcap $c " "$prefix/share/man/man1/ltcap.1" || fail "ltcap.1 has no section for $c"
done
grep -q "^usage: ltplay " "$prefix/share/man/man1/ltplay.1" || fail "ltplay.1 has not ltplay's usage"
if command -v nroff >/dev/null; then
    nroff -man "$prefix/share/man/man1/ltcap.1" >"$work/ltcap.txt" 2>"$work/nroff.err" && grep -q -- "--require-log" "$work/ltcap.txt" ||
        fail "ltcap.1 does not render: $(head -3 "$work/nroff.err")"
fi
# Bash completion: commands, then a command's options as its --help lists them, then the program after --.
completion=$prefix/share/bash-completion/completions/ltcap
complete_words() {  # WORD...: the completions of the last word
    PATH=$prefix/bin:$PATH bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); f=$(complete -p "$1" |
        sed "s/.*-F \([^ ]*\) .*/\1/"); $f; printf "%s\n" "${COMPREPLY[@]}"' _ "$completion" "$@"
}
[ "$(complete_words ltcap ca)" = capture ] || fail "completion of 'ltcap ca': $(complete_words ltcap ca)"
has() { grep -qx -- "$1" <<<"$2"; }  # LINE TEXT
has --no-reads "$(complete_words ltcap capture --no-)" || fail "completion of capture's options"
has --check "$(complete_words ltcap replay --ch)" || fail "completion of replay's options"
has trim "$(complete_words ltcap help tr)" || fail "completion of ltcap help"
has --check "$(complete_words ltplay --ch)" || fail "completion of ltplay's options"
has bash "$(complete_words ltcap capture -- bas)" || fail "completion of the program after --"
"$prefix/bin/ltcap" capture --shim /nonexistent -- /bin/true 2>"$work/noshim.out"
[ $? -eq 2 ] && grep -q "shim /nonexistent was not found" "$work/noshim.out" || fail "a missing shim"
echo "PASS: installed, captured, summarised and replayed outside the source tree"
