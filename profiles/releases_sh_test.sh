#!/bin/bash
# releases.sh (what scripts/install.sh installs of each release) names files the build makes: each release's
# shim, player and emulated library, in its own folder, under the names its row of the release table gives
# (api/release.h) — and the check refuses a list naming a file that was not built.
#   releases_sh_test.sh RELEASES_SH      (run from the runfiles root, where the files are)
set -uo pipefail

# The problems of the list in $1, one line each; none when it is right.
problems() (
    # shellcheck disable=SC1090
    source "$1" || { echo "$1 does not source"; exit; }
    [ ${#releases[@]} -ge 2 ] || echo "expected every release, got ${#releases[@]}: ${releases[*]}"
    for r in "${releases[@]}"; do
        for kind in shim player library; do
            declare -n table="release_$kind"
            f=${table[$r]:-}
            [ -n "$f" ] || { echo "$r has no $kind"; continue; }
            [ -f "$f" ] || echo "$r's $kind $f was not built"
            case $f in profiles/$r/*) ;; *) echo "$r's $kind $f is outside its folder" ;; esac
        done
        [ -n "${release_headers[$r]:-}" ] || echo "$r installs no headers"
        # The player built under the row's name replays that release's logs.
        out=$("${release_player[$r]}" --version 2>&1) || echo "${release_player[$r]} --version failed: $out"
        case $out in *"tt-metal $r logs"*) ;; *) echo "${release_player[$r]} does not replay $r logs: $out" ;; esac
    done
)

fail=0
found=$(problems "$1")
[ -z "$found" ] || { echo "FAIL: $found" >&2; fail=1; }
# The check bites: a list naming a shim that does not exist, or one release's player as another's.
broken=$(mktemp)
trap 'rm -f "$broken"' EXIT
sed 's|^\(release_shim\[[^]]*\]=.*\)$|\1.missing|' "$1" >"$broken"
case $(problems "$broken") in *"was not built"*) ;; *) echo "FAIL: a missing shim went unnoticed" >&2; fail=1 ;; esac
source "$1"
first=${releases[0]} last=${releases[${#releases[@]} - 1]}
sed "s|^release_player\[$first\]=.*|release_player[$first]=${release_player[$last]}|" "$1" >"$broken"
case $(problems "$broken") in
    *"does not replay $first logs"*) ;;
    *) echo "FAIL: another release's player went unnoticed" >&2; fail=1 ;;
esac
[ $fail = 0 ] && echo "PASS: ${#releases[@]} releases, each with its shim, player and library"
exit $fail
