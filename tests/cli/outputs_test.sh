#!/bin/bash
# The tools never destroy their input: an output path that names the log being read (the same path, another
# spelling of it, a symlink or a hard link to it) is refused with exit 2 and one line, and the log is left as it was —
# ltcap export -o, ltplay --json and --window-file, ltcap trim's OUT. A distinct output is still written.
#   outputs_test.sh LTCAP LTPLAY LOG
set -uo pipefail
ltcap=$(realpath "$1") ltplay=$(realpath "$2") golden=$(realpath "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$work/sub"
cp "$golden" "$work/log.capnp"
ln -sf "$work/log.capnp" "$work/link.capnp"
ln -f "$work/log.capnp" "$work/hard.capnp"
sum=$(sha256sum < "$golden")
refused() {  # WHAT COMMAND...
    local what=$1
    shift
    "$@" >"$work/out" 2>&1
    local status=$?
    [ $status -eq 2 ] || fail "$what: exit $status, not 2: $(tail -2 "$work/out")"
    [ "$(sha256sum < "$work/log.capnp")" = "$sum" ] || fail "$what: the log was changed"
    [ "$(grep -c . "$work/out")" -eq 1 ] || fail "$what: not one line: $(cat "$work/out")"
    grep -q "refused" "$work/out" || fail "$what: the line does not say it refused: $(cat "$work/out")"
}
for out in "$work/log.capnp" "$work/sub/../log.capnp" "$work/link.capnp" "$work/hard.capnp"; do
    refused "export -o $out" "$ltcap" export -o "$out" "$work/log.capnp"
    refused "ltplay --json $out" "$ltplay" --json "$out" "$work/log.capnp"
    refused "ltplay --window-file $out" "$ltplay" --window-file "$out" "$work/log.capnp"
    refused "trim OUT $out" "$ltcap" trim --calls 1-3 "$work/log.capnp" "$out"
done
# The checks bite only when the paths are one file.
"$ltcap" export -o "$work/export.json" "$work/log.capnp" || fail "export to another file failed"
[ -s "$work/export.json" ] || fail "export wrote nothing"
"$ltplay" -q --check --json "$work/report.json" "$work/log.capnp" >/dev/null 2>&1 || fail "ltplay --check with --json failed"
echo "PASS: no tool overwrites the log it reads"
