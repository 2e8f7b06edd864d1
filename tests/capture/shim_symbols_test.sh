#!/bin/bash
# libltcap.so exports exactly the interposed functions, each under a symbol the emulated libtt_metal.so exports
# too (so it takes that function's place), plus libc's exec family (closing the log before exec), and references
# no tt-metal symbol strongly (so processes without tt-metal, such as the compilers kernels are built with, can
# load it).
set -uo pipefail
shim=$1 lib=$2 ltdump=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
exec_family="execl execle execlp execv execve execvp execvpe"
all=$(nm -D --defined-only "$shim" | awk '$2 ~ /^[A-Z]$/ {print $3}' | sort)  # global symbols only: IE-model TLS leaves local ones in .dynsym
[ "$(echo "$all" | grep -v '^_Z' | tr '\n' ' ' | sed 's/ $//')" = "$exec_family" ] ||
    fail "the non-tt-metal exports are not exactly the exec family: $(echo "$all" | grep -v '^_Z' | tr '\n' ' ')"
exported=$(echo "$all" | grep '^_Z')
library=$(nm -D --defined-only "$lib" | awk '{print $3}' | sort)
count=$(echo "$exported" | grep -c .)
apis=$("$ltdump" --list-api | wc -l)
[ "$count" -eq "$apis" ] || fail "libltcap.so exports $count symbols, the API has $apis functions: $(echo "$exported" | head)"
extra=$(comm -23 <(echo "$exported") <(echo "$library"))
[ -z "$extra" ] || fail "exported but not in libtt_metal.so: $extra"
strong=$(nm -D --undefined-only "$shim" | awk '$1 == "U" {print $2}' | grep -E 'tt8tt_metal|CoreRange|xy_pair' || true)
[ -z "$strong" ] || fail "strong references to tt-metal symbols (add them to interpose/weak_refs.h): $strong"
LD_PRELOAD=$(realpath "$shim") bash -c true || fail "bash (BIND_NOW) cannot load the shim"
echo "PASS: $count interposed symbols, all exported by libtt_metal.so; no strong tt-metal references"
