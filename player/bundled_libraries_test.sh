#!/bin/bash
# The players bundle Cap'n Proto and Zstandard (linked in statically) and load a libtt_metal.so, which may export
# its own copies of both (a real tt-metal v0.67.0 exports Cap'n Proto 1.2). Neither copy may see the other: a
# player imports no kj::, capnp:: or ZSTD_ function (its references are bound to its own copy when it is linked)
# and exports none (nothing of the library's binds to the player's).
#   bundled_libraries_test.sh PLAYER...
set -uo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
for player in "$@"; do
    name=$(basename "$player")
    imports=$(nm -D --undefined-only "$player" | c++filt | grep -E ' (kj|capnp)::| ZSTD_')
    [ -z "$imports" ] || fail "$name imports names of a bundled library: $(echo "$imports" | head -3)"
    exports=$(nm -D --defined-only "$player" | c++filt | grep -E ' (kj|capnp)::| ZSTD_')
    [ -z "$exports" ] || fail "$name exports names of a bundled library: $(echo "$exports" | head -3)"
    # The check can fail: the player does use both libraries (they are in it, not absent).
    symbols=$(nm -C "$player")
    grep -q ' capnp::MessageReader::' <<<"$symbols" || fail "$name holds no Cap'n Proto at all: the check means nothing"
    grep -q ' ZSTD_decompressStream' <<<"$symbols" || fail "$name holds no Zstandard decoder: the check means nothing"
    echo "$name: Cap'n Proto and Zstandard linked in, none of their names imported or exported"
done
echo "PASS"
