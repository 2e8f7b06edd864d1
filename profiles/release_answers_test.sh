#!/bin/bash
# Every release answers every question the shared headers ask of it: the answer files given (each release's copy of
# one file, e.g. ttemu_kernel_release.h) define the same TTEMU_* names, each to 0 or 1 (or a quoted name for
# ..._RELEASE), and each names its own release. A file answering fewer questions than another is reported with the
# names it lacks.
#   release_answers_test.sh FILE...   (profiles/<release>/.../FILE, two or more)
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: release_answers_test.sh FILE FILE..." >&2; exit 2; }
fail=0
names() { sed -n 's/^#define \(TTEMU_[A-Z0-9_]*\) .*/\1/p' "$1" | sort; }
first=$(names "$1")
[ -n "$first" ] || { echo "FAIL: $1 defines no TTEMU_* name" >&2; exit 1; }
for f in "$@"; do
    release=$(echo "$f" | sed -n 's#.*profiles/\([^/]*\)/.*#\1#p')
    [ -n "$release" ] || { echo "FAIL: $f is not in a release's folder" >&2; fail=1; continue; }
    grep -q "^#define TTEMU_[A-Z_]*RELEASE \"$release\"$" "$f" || { echo "FAIL: $f does not name $release" >&2; fail=1; }
    diff <(echo "$first") <(names "$f") >/dev/null ||
        { echo "FAIL: $f and $1 answer different questions: $(diff <(echo "$first") <(names "$f") | grep '^[<>]' | tr '\n' ' ')" >&2; fail=1; }
    bad=$(grep "^#define TTEMU_" "$f" | grep -v "RELEASE \"" | grep -vE "^#define TTEMU_[A-Z0-9_]+ [01]$")
    [ -z "$bad" ] || { echo "FAIL: $f: not a 0 or 1 answer: $bad" >&2; fail=1; }
done
[ $fail = 0 ] && echo "PASS: $# releases answer the same $(echo "$first" | wc -l) questions"
exit $fail
