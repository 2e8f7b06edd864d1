#!/bin/bash
# Hostile logs: each has one defect a crafted or damaged log can have (tests/replay/craft_log.cc). ltplay and ltdump,
# as built and rebuilt under AddressSanitizer + UBSan, must refuse each with exit 2 and one line naming the defect
# — no crash, no hang, no allocation the file cannot back — and execute nothing of it. Also: a compressed log cut
# inside its last frame's checksum is not complete; a log truncated while ltplay reads it ends ltplay with one line,
# not SIGBUS; a kernel that never returns is stopped by ltplay's watchdog, which names the call and the core.
#   hostile_logs_test.sh LIBLTCAP CRAFT_LOG LOOPBACK LTPLAY LTDUMP LTPLAY_ASAN LTDUMP_ASAN
set -uo pipefail
shim=$(realpath "$1") craft=$(realpath "$2") program=$3
tools=("$(realpath "$4")" "$(realpath "$5")" "$(realpath "$6")" "$(realpath "$7")")
ltplay=${tools[0]} ltdump=${tools[1]}
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
fail() { echo "FAIL: $*" >&2; exit 1; }
LTCAP_LOG=quiet LTCAP_COMPRESS=0 LTCAP_OUTPUT=$work/good.capnp LD_PRELOAD=$shim "$program" >/dev/null 2>&1 || fail "capture"
LTCAP_LOG=quiet LTCAP_OUTPUT=$work/good.zst.capnp LD_PRELOAD=$shim "$program" >/dev/null 2>&1 || fail "compressed capture"

# Runs TOOL on LOG; it must exit with STATUS within 60 s, print exactly one line of its own on stderr (sanitizer
# notes such as ASan's swapcontext warning aside) matching PATTERN, and no sanitizer report.
refused() {  # TOOL LOG STATUS PATTERN [TOOL OPTIONS...]
    local tool=$1 log=$2 status=$3 pattern=$4
    shift 4
    (cd "$work" && timeout 60 "$tool" "$@" "$log") >"$work/out" 2>"$work/err"
    local got=$?
    local name
    name="$(basename "$tool") $* $(basename "$log")"
    grep -qE "^(==[0-9]+==ERROR|SUMMARY: (Address|UndefinedBehavior)Sanitizer)|runtime error:" "$work/err" &&
        fail "$name: sanitizer report: $(head -20 "$work/err")"
    [ $got -eq "$status" ] || fail "$name: exit $got, expected $status: $(head -5 "$work/err")"
    local lines
    lines=$(grep -cvE '^==[0-9]+==WARNING' "$work/err")
    [ "$lines" -eq 1 ] || fail "$name: $lines lines on stderr, expected one: $(cat "$work/err")"
    grep -qE "$pattern" "$work/err" || fail "$name: the line does not say '$pattern': $(cat "$work/err")"
    ! grep -q "calls replayed" "$work/out" "$work/err" || fail "$name: replayed part of a damaged log"
}

# CASE, the line ltplay and ltdump must print for it.
cases=(
    "blob-offset-overflow|entry [0-9]+ \(byte [0-9]+\): blob #[0-9]+: the chunk at offset 18446744073709547520"
    "long-data-ref|a data reference of [0-9]+ bytes points into blob #[0-9]+, which holds"
    "huge-blob|blob #[0-9]+, which is incomplete: [0-9]+ of its 1099511627776 bytes"
    "bad-pointer|entry [0-9]+: damaged message at byte [0-9]+ .*out-of-bounds"
    "list-bomb|entry [0-9]+: damaged message at byte [0-9]+ .*traversal limit"
    "zero-size-bomb|entry [0-9]+ .*traversal limit"
    "zstd-huge-frame|not an ltcap log \(damaged compressed frame at byte 0"
    "header-env-text|entry 1 \(the header\) is damaged: "
)
for entry in "${cases[@]}"; do
    kase=${entry%%|*} pattern=${entry#*|}
    "$craft" "$work/good.capnp" "$work/$kase.capnp" "$kase" || fail "craft $kase"
    for tool in "${tools[@]}"; do refused "$tool" "$work/$kase.capnp" 2 "$pattern"; done
    refused "$ltplay" "$work/$kase.capnp" 2 "$pattern" --check
    echo "ok: $kase: $(head -c 200 "$work/err")"
done

# Calls that do not fit their function's description (player/check_calls.h), or ask tt-metal for what no device can
# do although they did not throw during capture (player/device_limits.h): readable, so ltdump prints them, but
# ltplay refuses the log before executing any of it.
semantic=(
    "unmade-object|call #[0-9]+ enqueueWriteBuffer: argument buffer: refers to buffer#999999, which the log never made"
    "wrong-kind|call #[0-9]+ enqueueWriteBuffer: argument buffer: expected a buffer, the log has \"not a buffer\""
    "queue-of-no-device|call #[0-9]+ enqueueWriteBuffer: argument cq: commandQueue#[0-9]+.* is the queue of no device the log made"
    "value-result-object|the return of call #[0-9]+ closeDevice names buffer#999999[^,]*, but its function returns a number"
    "result-of-other-kind|the return of call #[0-9]+ createBuffer[A-Za-z]* names device#999999[^,]*, but its function makes a buffer"
    "unmade-in-flight|call #[0-9]+ enqueueWriteBuffer: argument buffer: refers to buffer#999999, which the log never made \(the call has no return in the log\)"
    "huge-buffer|call #[0-9]+ createBufferInterleaved: argument config: a buffer of [0-9]{14,} bytes: no device has 64 GiB of memory"
    "config-of-no-device|call #[0-9]+ createBufferInterleaved: argument config: a buffer config of no device"
    "ragged-pages|call #[0-9]+ createBufferInterleaved: argument config: a buffer of [0-9]+ bytes is not whole pages of [0-9]+ bytes"
)
for entry in "${semantic[@]}"; do
    kase=${entry%%|*} pattern=${entry#*|}
    "$craft" "$work/good.capnp" "$work/$kase.capnp" "$kase" || fail "craft $kase"
    for play in "$ltplay" "${tools[2]}"; do refused "$play" "$work/$kase.capnp" 2 "$pattern"; done
    refused "$ltplay" "$work/$kase.capnp" 2 "$pattern" --check
    "$ltdump" "$work/$kase.capnp" >"$work/out" 2>&1 || fail "ltdump on $kase: exit $?: $(tail -2 "$work/out")"
    echo "ok: $kase: $(head -c 200 "$work/err")"
done

# A module map naming a device: never opened unless asked; with --symbolize, refused without reading it.
"$craft" "$work/good.capnp" "$work/module.capnp" module-path=/dev/zero || fail "craft module-path"
for dump in "${tools[1]}" "${tools[3]}"; do
    (cd "$work" && timeout 60 "$dump" "$work/module.capnp") >"$work/out" 2>&1 || fail "ltdump on a module map naming /dev/zero: exit $?"
    grep -qE "^    at zero\+0x" "$work/out" || fail "the frame is not shown as module+offset: $(grep -A1 getNumAvailableDevices "$work/out")"
    refused "$dump" "$work/module.capnp" 2 "names /dev/zero, which is not a regular file" --symbolize
done
echo "ok: module-path=/dev/zero: not opened; with --symbolize: $(cat "$work/err")"

# A compressed log cut inside its last frame's checksum (the last 4 bytes): every call decodes, but the log is not
# complete. ltplay replays the complete part and says so (exit 2); ltdump reports it incomplete (exit 1).
size=$(stat -c %s "$work/good.zst.capnp")
head -c $((size - 2)) "$work/good.zst.capnp" >"$work/checksum-cut.capnp"
for tool in "$ltplay" "${tools[2]}"; do
    (cd "$work" && timeout 60 "$tool" "$work/checksum-cut.capnp") >"$work/out" 2>&1
    [ $? -eq 2 ] || fail "$(basename "$tool") on a checksum cut: not exit 2: $(cat "$work/out")"
    grep -q "is incomplete (the compressed stream is cut off" "$work/out" || fail "checksum cut: $(cat "$work/out")"
done
for tool in "$ltdump" "${tools[3]}"; do
    (cd "$work" && timeout 60 "$tool" "$work/checksum-cut.capnp") >/dev/null 2>"$work/err"
    [ $? -eq 1 ] || fail "$(basename "$tool") on a checksum cut: not exit 1: $(cat "$work/err")"
    grep -q "is incomplete: the compressed stream is cut off" "$work/err" || fail "checksum cut: $(cat "$work/err")"
done
"$ltplay" --check "$work/good.zst.capnp" | grep -q "the log checks out" || fail "--check on the good log"
echo "ok: checksum cut: incomplete"

# The log shrinks under ltplay (another process truncates it mid-replay): one line and exit 2, not SIGBUS.
cp "$work/good.capnp" "$work/shrinking.capnp"
(cd "$work" && exec "$ltplay" --loop 100000 -q "$work/shrinking.capnp") >"$work/out" 2>"$work/err" &
pid=$!
sleep 1.5
truncate -s 4096 "$work/shrinking.capnp"
for _ in $(seq 1 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "ltplay still runs on a truncated log"; }
wait $pid
status=$?
[ $status -eq 2 ] || fail "ltplay on a log truncated under it: exit $status: $(cat "$work/err")"
grep -q "the file changed while it was being read" "$work/err" || fail "truncated log: $(cat "$work/err")"
[ "$(wc -l <"$work/err")" -eq 1 ] || fail "truncated log: more than one line: $(cat "$work/err")"
echo "ok: truncated while read: $(cat "$work/err")"

kernel=$("$ltdump" --data "$work/good.capnp" | sed -n 's/^  source#\([0-9]*\): .*/\1/p' | head -1)
edit=$(dirname "$craft")/log_edit

# A kernel source placing a file outside TT_METAL_HOME (format 9's fromHome): refused before anything runs.
for path in ../../etc/x.h /etc/x.h ""; do
    "$edit" "$work/good.capnp" "$work/home.capnp" --home-path "$kernel" "$path" || fail "log_edit --home-path"
    for tool in "${tools[@]}"; do
        refused "$tool" "$work/home.capnp" 2 "kernel source #$kernel names a file outside its TT_METAL_HOME"
    done
    echo "ok: home path '$path': $(cat "$work/err")"
done

# A kernel that never returns: the watchdog stops the replay, naming the call and what the core runs.
"$edit" "$work/good.capnp" "$work/hang.capnp" --kernel-source "$kernel" "void kernel_main() {" \
    "void kernel_main() { for (volatile int spin = 0;; spin++) {}" || fail "log_edit"
(cd "$work" && timeout 120 "$ltplay" --recompile --timeout 3 "$work/hang.capnp") >"$work/out" 2>"$work/err"
status=$?
[ $status -eq 4 ] || fail "a hanging kernel: ltplay exit $status, expected 4: $(cat "$work/err")"
grep -qE "^ltplay: timeout: call #[0-9]+ (enqueueProgram|finish|enqueueReadBuffer) has run for more than 3 s \(--timeout\); on the device: core \(x=0,y=0\) [A-Z0-9_]+ \(loopback_dram_copy\) running" "$work/err" ||
    fail "the watchdog's line: $(cat "$work/err")"
echo "ok: hanging kernel: $(cat "$work/err")"
echo "PASS: every hostile log is refused cleanly"
