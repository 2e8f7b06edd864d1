#!/bin/bash
# libltcap.so exports exactly the interposed functions, each under a symbol the emulated libtt_metal.so exports
# too (so it takes that function's place), plus libc's exec family (closing the log before exec), dlclose (checking a
# tt-metal before it goes), and exit and __libc_start_main (the exit status for the log's end entry), and references
# no tt-metal symbol at all, not even weakly: processes without tt-metal (the compilers kernels are built with) must
# load it, and a tt-metal dlopen'ed later, even with RTLD_LOCAL, must be found by name when first needed
# (interpose/real_library.h), never bound (to null) at load time.
#   shim_symbols_test.sh SHIM LIBTT_METAL LTDUMP [RELEASE]   (RELEASE: the shim's profile, default v0.56.0)
# A v0.56.0 shim exports one symbol per function its profile describes; a v0.67.0 one also defines a virtual member
# once per implementing class (FDMeshCommandQueue's and SDMeshCommandQueue's finish, …), so at least as many.
set -uo pipefail
shim=$1 lib=$2 ltdump=$3 release=${4:-v0.56.0}
fail() { echo "FAIL: $*" >&2; exit 1; }
libc_overrides="__libc_start_main dlclose execl execle execlp execv execve execvp execvpe exit"
all=$(nm -D --defined-only "$shim" | awk '$2 ~ /^[A-Z]$/ {print $3}' | sort)  # global symbols only: IE-model TLS leaves local ones in .dynsym
[ "$(echo "$all" | grep -v '^_Z' | tr '\n' ' ' | sed 's/ $//')" = "$libc_overrides" ] ||
    fail "the non-tt-metal exports are not exactly $libc_overrides: $(echo "$all" | grep -v '^_Z' | tr '\n' ' ')"
exported=$(echo "$all" | grep '^_Z')
library=$(nm -D --defined-only "$lib" | awk '{print $3}' | sort)
count=$(echo "$exported" | grep -c .)
apis=$("$ltdump" --list-api "$release" | wc -l)
[ "$apis" -gt 20 ] || fail "ltdump --list-api $release lists $apis functions"
if [ "$release" = v0.56.0 ]; then
    [ "$count" -eq "$apis" ] || fail "the shim exports $count symbols, the API has $apis functions: $(echo "$exported" | head)"
else
    [ "$count" -ge "$apis" ] || fail "the shim exports $count symbols, fewer than the API's $apis functions"
fi
extra=$(comm -23 <(echo "$exported") <(echo "$library"))
[ -z "$extra" ] || fail "exported but not in libtt_metal.so: $extra"
undefined=$(nm -D --undefined-only "$shim" | awk '{print $NF}' | grep -E 'tt8tt_metal|CoreRange|xy_pair|tt_metal' || true)
[ -z "$undefined" ] || fail "undefined references to tt-metal symbols (give each a forwarder in profiles/v0.56.0/interpose/tt_symbols.cc): $undefined"
LD_PRELOAD=$(realpath "$shim") bash -c true || fail "bash (BIND_NOW) cannot load the shim"
echo "PASS: $count interposed symbols, all exported by libtt_metal.so; no undefined tt-metal references"
