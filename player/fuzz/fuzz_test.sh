#!/bin/bash
# Runs each libFuzzer target for a short fixed time (FUZZ_SECONDS, default 20) on a seed corpus of real logs captured
# here (plain and compressed, cut and whole), after replaying every saved input under regressions/ (hostile logs,
# and inputs that once crashed a reader: each must now run clean). Any finding fails the test and is kept as an
# artifact.
# The structure-aware targets (value_check_fuzz, value_replay_fuzz: value_mutator.h) take plain whole logs with
# their reads recorded, which they decode and change value by value; value_replay_fuzz replays them. stream_fuzz
# takes plain logs too, and frames them into compressed logs itself.
# Logs given after the programs (the v0.67.0 profile's golden logs, compressed) join the seeds of the readers
# (log_fuzz, replay_check_fuzz) as they are, decompressed, and cut: the readers take every profile's logs.
#   fuzz_test.sh LOG_FUZZ REPLAY_CHECK_FUZZ VALUE_CHECK_FUZZ VALUE_REPLAY_FUZZ STREAM_FUZZ LIBLTCAP LOOPBACK
#                METAL_TRACE ALL_CALLS MESH_SHARDED [LOG...]
set -uo pipefail
log_fuzz=$(realpath "$1") replay_fuzz=$(realpath "$2") value_check=$(realpath "$3") value_replay=$(realpath "$4")
stream_fuzz=$(realpath "$5") shim=$(realpath "$6")
programs=("$7" "$8" "$9" "${10}")
shift 10
other_logs=("$@")
here=$(dirname "$(realpath "${BASH_SOURCE[0]}")")
seconds=${FUZZ_SECONDS:-20}
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
export TMPDIR=$work  # compressed inputs of another framing are decompressed into a temporary file
fail() { echo "FAIL: $*" >&2; exit 1; }

# Seeds: each program's log, uncompressed and compressed, whole and with its tail cut off.
mkdir -p "$work/seeds"
for program in "${programs[@]}"; do
    name=$(basename "$program")
    for compress in 0 1; do
        seed=$work/seeds/$name.c$compress.capnp
        LTCAP_LOG=quiet LTCAP_CAPTURE_READS=0 LTCAP_COMPRESS=$compress LTCAP_OUTPUT=$seed LD_PRELOAD=$shim "$program" \
            >/dev/null 2>&1 || fail "capturing $name for the seed corpus"
        size=$(stat -c %s "$seed")
        head -c $((size * 2 / 3)) "$seed" >"$work/seeds/$name.c$compress.cut.capnp"
    done
done
for log in "${other_logs[@]}"; do
    name=$(basename "$log" .capnp)
    cp "$log" "$work/seeds/$name.c1.capnp"
    zstd -q -dc <"$log" >"$work/seeds/$name.c0.capnp" || fail "decompressing $log for the seed corpus"
    for compress in 0 1; do
        size=$(stat -c %s "$work/seeds/$name.c$compress.capnp")
        head -c $((size * 2 / 3)) "$work/seeds/$name.c$compress.capnp" >"$work/seeds/$name.c$compress.cut.capnp"
    done
done
mkdir -p "$work/value-seeds"
for program in "${programs[@]}"; do
    LTCAP_LOG=quiet LTCAP_COMPRESS=0 LTCAP_OUTPUT="$work/value-seeds/$(basename "$program").capnp" LD_PRELOAD=$shim \
        "$program" >/dev/null 2>&1 || fail "capturing $(basename "$program") for the value seeds"
done
echo "seed corpus: $(ls "$work/seeds" | wc -l) logs, $(du -sh "$work/seeds" | cut -f1); value seeds: $(ls "$work/value-seeds" | wc -l)"

for target in "$log_fuzz" "$replay_fuzz" "$value_check" "$value_replay" "$stream_fuzz"; do
    name=$(basename "$target")
    seeds=$work/seeds
    case $name in value_* | stream_*) seeds=$work/value-seeds ;; esac
    saved=("$here"/regressions/*.capnp)
    "$target" -runs=1 "${saved[@]}" >"$work/$name.regressions.log" 2>&1 ||
        fail "$name: a saved input fails again: $(grep -m3 -E 'ERROR|SUMMARY|runtime error' "$work/$name.regressions.log")"
    echo "ok: $name: ${#saved[@]} saved inputs run clean"
    mkdir -p "$work/$name.corpus" "$work/$name.findings"
    cp "$seeds/"* "$work/$name.corpus/"
    "$target" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 -max_len=524288 -print_final_stats=1 \
        -close_fd_mask=3 -artifact_prefix="$work/$name.findings/" "$work/$name.corpus" >"$work/$name.log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$name.log")
    if [ $status -ne 0 ] || [ -n "$(ls -A "$work/$name.findings")" ]; then
        mkdir -p "${TEST_UNDECLARED_OUTPUTS_DIR:-$work}/$name"
        cp "$work/$name.findings/"* "${TEST_UNDECLARED_OUTPUTS_DIR:-$work}/$name/" 2>/dev/null
        fail "$name found a crash (exit $status; input kept in the test's outputs): $(grep -m5 -E 'ERROR|SUMMARY|runtime error' "$work/$name.log")"
    fi
    echo "ok: $name: ${runs:-?} inputs in ${seconds} s, no finding"
done
echo "PASS: the fuzz targets ran clean"
