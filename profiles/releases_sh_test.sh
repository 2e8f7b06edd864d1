#!/bin/bash
# releases.sh (what scripts/install.sh installs of each release) names files the build makes: each release's
# shim, player and emulated library, under the names its row of the release table gives (api/release.h).
#   releases_sh_test.sh RELEASES_SH      (run from the runfiles root, where the files are)
set -uo pipefail
fail=0
problem() { echo "FAIL: $*" >&2; fail=1; }
# shellcheck disable=SC1090
source "$1" || { echo "FAIL: $1 does not source" >&2; exit 1; }
[ ${#releases[@]} -ge 2 ] || problem "expected every release, got ${#releases[@]}: ${releases[*]}"
for r in "${releases[@]}"; do
    for kind in shim player library; do
        declare -n table="release_$kind"
        f=${table[$r]:-}
        [ -n "$f" ] || { problem "$r has no $kind"; continue; }
        [ -f "$f" ] || problem "$r's $kind $f was not built"
        case $f in profiles/$r/*) ;; *) problem "$r's $kind $f is outside its folder" ;; esac
    done
    [ -n "${release_headers[$r]:-}" ] || problem "$r installs no headers"
done
# The names the build gives the tools are the ones the release table's rows say (the players say their release).
for r in "${releases[@]}"; do
    out=$("${release_player[$r]}" --version 2>&1) || problem "${release_player[$r]} --version failed: $out"
    case $out in *"$r"*) ;; *) problem "${release_player[$r]} --version does not name $r: $out" ;; esac
done
[ $fail = 0 ] && echo "PASS: ${#releases[@]} releases, each with its shim, player and library"
exit $fail
