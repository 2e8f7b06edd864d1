#!/bin/bash
# Each host API header compiles on its own, as a program that includes only it would (it brings in what it uses, as
# its tt-metal namesake does), without warnings.
#   host_headers_test.sh [--also HEADER]... [--define NAME]... HEADER...
#     --also: a header of another include folder to search, such as magic_enum's or Tracy's, which tt-metal's headers
#     use; --define: a macro the profile's package defines for programs (FMT_HEADER_ONLY)
set -uo pipefail
# The include folder above a header: the nearest ancestor named include.
include_dir() {
    local d
    d=$(dirname "$1")
    while [ "$(basename "$d")" != include ] && [ "$d" != / ]; do d=$(dirname "$d"); done
    echo "$d"
}
flags=()
while [ "${1:-}" = --also ]; do
    flags+=(-I"$(include_dir "$2")")
    shift 2
done
while [ "${1:-}" = --define ]; do
    flags+=(-D"$2")
    shift 2
done
dir=$(include_dir "$1")
[ -d "$dir" ] || { echo "FAIL: no include folder above $1" >&2; exit 1; }
work=${TEST_TMPDIR:-$(mktemp -d)}
failed=0 count=0
for h in "$@"; do
    rel=${h#"$dir"/}
    count=$((count + 1))
    printf '#include <%s>\n' "$rel" >"$work/one.cpp"
    if ! g++ -std=c++20 -Wall -Werror -fsyntax-only -I"$dir" "${flags[@]}" "$work/one.cpp" >"$work/out.txt" 2>&1; then
        echo "FAIL: $rel does not compile on its own:" >&2
        head -20 "$work/out.txt" >&2
        failed=1
    fi
done
[ "$failed" = 0 ] || exit 1
echo "PASS: $count host headers compile on their own"
