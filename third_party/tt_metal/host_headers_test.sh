#!/bin/bash
# Each host API header compiles on its own, as a program that includes only it would (it brings in what it uses, as
# its tt-metal namesake does), without warnings.
set -uo pipefail
dir=$(dirname "$1")  # any header's path: the folder is include/
while [ "$(basename "$dir")" != include ] && [ "$dir" != / ]; do dir=$(dirname "$dir"); done
[ -d "$dir" ] || { echo "FAIL: no include folder above $1" >&2; exit 1; }
work=${TEST_TMPDIR:-$(mktemp -d)}
failed=0 count=0
for h in "$@"; do
    rel=${h#"$dir"/}
    count=$((count + 1))
    printf '#include <%s>\n' "$rel" >"$work/one.cpp"
    if ! g++ -std=c++20 -Wall -Werror -fsyntax-only -I"$dir" "$work/one.cpp" >"$work/out.txt" 2>&1; then
        echo "FAIL: $rel does not compile on its own:" >&2
        head -20 "$work/out.txt" >&2
        failed=1
    fi
done
[ "$failed" = 0 ] || exit 1
echo "PASS: $count host headers compile on their own"
