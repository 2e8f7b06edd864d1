#!/bin/bash
# Runs each libFuzzer target for a fixed number of inputs from a fixed seed (a count per target below, about 20 s
# each on the 2-core VM; FUZZ_RUNS for another count, FUZZ_SECONDS for a time instead), on a seed corpus of real
# logs captured here (plain and compressed, cut and whole), after replaying every saved input under regressions/
# (hostile logs, and inputs that once crashed a reader: each must now run clean). Any finding fails the test and is kept as an
# artifact.
# The structure-aware targets (value_check_fuzz, value_replay_fuzz: value_mutator.h) take plain whole logs with
# their reads recorded, which they decode and change value by value; value_replay_fuzz replays them. stream_fuzz
# takes plain logs too, and frames them into compressed logs itself.
# Logs given after the programs (the v0.67.0 profile's golden logs, compressed) join the seeds of the readers
# (log_fuzz, replay_check_fuzz) as they are, decompressed, and cut: the readers take every profile's logs.
# After a `--`, v0.67.0's value fuzzers, its shim and its programs: each program's log (plain, whole, with its reads)
# seeds those two fuzzers. A program given as SCRIPT.py:ARG runs as `python3 SCRIPT.py ARG`.
#   fuzz_test.sh LOG_FUZZ REPLAY_CHECK_FUZZ VALUE_CHECK_FUZZ VALUE_REPLAY_FUZZ STREAM_FUZZ LIBLTCAP LOOPBACK
#                METAL_TRACE ALL_CALLS MESH_SHARDED [LOG...] [-- VALUE_CHECK_V067 VALUE_REPLAY_V067 LIBLTCAP_V067
#                PROGRAM...]
set -uo pipefail
log_fuzz=$(realpath "$1") replay_fuzz=$(realpath "$2") value_check=$(realpath "$3") value_replay=$(realpath "$4")
stream_fuzz=$(realpath "$5") shim=$(realpath "$6")
programs=("$7" "$8" "$9" "${10}")
shift 10
other_logs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do other_logs+=("$1"); shift; done
v067_targets=() v067_programs=()
if [ $# -gt 0 ]; then
    [ $# -ge 4 ] ||
        { echo "fuzz_test.sh: after --: VALUE_CHECK_V067 VALUE_REPLAY_V067 LIBLTCAP_V067 PROGRAM..." >&2; exit 2; }
    v067_targets=("$(realpath "$2")" "$(realpath "$3")") shim_v067=$(realpath "$4")
    shift 4
    v067_programs=("$@")
fi
here=$(dirname "$(realpath "${BASH_SOURCE[0]}")")
# The verdict never depends on the machine's speed: a count of inputs, not a time (FUZZ_SECONDS asks for a time).
declare -A default_runs=([log_fuzz]=2000 [replay_check_fuzz]=1500 [value_check_fuzz]=1200 [value_replay_fuzz]=900
                         [stream_fuzz]=10000 [value_check_fuzz_v067]=1000 [value_replay_fuzz_v067]=600)
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
mkdir -p "$work/value-seeds-v067"
for program in "${v067_programs[@]}"; do
    command=("$program") name=$(basename "$program")
    case $program in *.py:*) command=(python3 "${program%%:*}" "${program#*:}") name=$(basename "${program#*:}") ;; esac
    LTCAP_LOG=quiet LTCAP_COMPRESS=0 LTCAP_OUTPUT="$work/value-seeds-v067/$name.capnp" LD_PRELOAD=$shim_v067 \
        "${command[@]}" >/dev/null 2>&1 || fail "capturing $name for v0.67.0's value seeds"
done
echo "seed corpus: $(ls "$work/seeds" | wc -l) logs, $(du -sh "$work/seeds" | cut -f1);" \
     "value seeds: $(ls "$work/value-seeds" | wc -l) v0.56.0, $(ls "$work/value-seeds-v067" | wc -l) v0.67.0 ($(du -sh "$work/value-seeds-v067" | cut -f1))"

for target in "$log_fuzz" "$replay_fuzz" "$value_check" "$value_replay" "$stream_fuzz" "${v067_targets[@]}"; do
    name=$(basename "$target")
    seeds=$work/seeds
    case $name in *_v067) seeds=$work/value-seeds-v067 ;; value_* | stream_*) seeds=$work/value-seeds ;; esac
    saved=("$here"/regressions/*.capnp)
    "$target" -runs=1 "${saved[@]}" >"$work/$name.regressions.log" 2>&1 ||
        fail "$name: a saved input fails again: $(grep -m3 -E 'ERROR|SUMMARY|runtime error' "$work/$name.regressions.log")"
    echo "ok: $name: ${#saved[@]} saved inputs run clean"
    mkdir -p "$work/$name.corpus" "$work/$name.findings"
    cp "$seeds/"* "$work/$name.corpus/"
    if [ -n "${FUZZ_SECONDS:-}" ]; then length=(-max_total_time="$FUZZ_SECONDS") what="in $FUZZ_SECONDS s"
    else length=(-runs="${FUZZ_RUNS:-${default_runs[$name]}}" -seed=1) what="(seed 1)"; fi
    "$target" "${length[@]}" -timeout=30 -rss_limit_mb=3072 -max_len=524288 -print_final_stats=1 \
        -close_fd_mask=3 -artifact_prefix="$work/$name.findings/" "$work/$name.corpus" >"$work/$name.log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$name.log")
    if [ $status -ne 0 ] || [ -n "$(ls -A "$work/$name.findings")" ]; then
        mkdir -p "${TEST_UNDECLARED_OUTPUTS_DIR:-$work}/$name"
        cp "$work/$name.findings/"* "${TEST_UNDECLARED_OUTPUTS_DIR:-$work}/$name/" 2>/dev/null
        fail "$name found a crash (exit $status; input kept in the test's outputs): $(grep -m5 -E 'ERROR|SUMMARY|runtime error' "$work/$name.log")"
    fi
    echo "ok: $name: ${runs:-?} inputs $what, no finding"
done
echo "PASS: the fuzz targets ran clean"
