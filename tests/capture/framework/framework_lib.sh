# Shared by the framework tests of both profiles (sourced): the model run from an application folder of its own,
# plain and under the shim, and its logs replayed by a player alone, from elsewhere, in a clean environment.
# The sourcing script sets: work, app (the application folder), shim, player, python, and exports
# TT_METAL_EMU_CACHE_DIR and LD_LIBRARY_PATH; the model library is $app/$model_lib.
fail() { echo "FAIL: $*" >&2; exit 1; }
count() { grep -cE "$1" "$2"; }

run() {  # NAME [VAR=VALUE...]: runs the model from the application folder, under the shim unless NAME is plain
    local name=$1
    shift
    local preload=$shim
    [ "$name" = plain ] && preload=
    (cd "$app" && env "$@" LD_PRELOAD=$preload LTCAP_LOG=quiet "$python" model.py "./$model_lib" 6 4) \
        >"$work/$name.out" 2>"$work/$name.err" || fail "$name: exit $?: $(tail -n 3 "$work/$name.out" "$work/$name.err")"
    [ "$name" = plain ] || diff -u "$work/plain.out" "$work/$name.out" >&2 || fail "$name: output differs under the shim"
}

replay() {  # NAME READS: the log replays in a fresh process and a clean environment, every read verified
    local status=0
    mkdir -p "$work/elsewhere"
    (cd "$work/elsewhere" && env -i PATH=/usr/bin:/bin HOME="$work" TT_METAL_EMU_CACHE_DIR="$TT_METAL_EMU_CACHE_DIR" \
        "$player" "$work/$1.capnp") >"$work/$1.play" 2>&1 || status=$?
    [ "$status" = 0 ] || fail "$1: $(basename "$player") exit $status: $(cat "$work/$1.play")"
    grep -qE " $2 reads checked, 0 mismatches; [0-9]+ KiB verified" "$work/$1.play" ||
        fail "$1: expected $2 reads verified: $(cat "$work/$1.play")"
    echo "ok: $1: $(tail -1 "$work/$1.play")"
}
