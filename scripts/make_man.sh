#!/bin/bash
# Writes the man pages of the installed tools — ltcap(1), ltplay(1), ltdump(1) — from their own --help texts, so a
# page never says other than the program: ltcap's page holds its usage and, in a section each, every command's.
#   scripts/make_man.sh BIN_DIR MAN1_DIR      # install.sh runs it (BIN_DIR's tools must start: libtt_metal.so found)
set -euo pipefail
bin=${1:?usage: make_man.sh BIN_DIR MAN1_DIR} out=${2:?usage: make_man.sh BIN_DIR MAN1_DIR}
mkdir -p "$out"
version=$("$bin/ltcap" version | head -1)

# Text as roff that prints it as it is: backslashes escaped, a leading . or ' kept from reading as a request.
verbatim() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
# PAGE NAME WHAT: the page's head; then sections are appended.
head_of() {
    printf '.TH %s 1 "" "%s" "User Commands"\n.SH NAME\n%s \\- %s\n' "$1" "$version" "$2" "$3"
}
section() {  # TITLE, the text on stdin
    printf '.SH %s\n.nf\n' "$1"
    verbatim
    printf '.fi\n'
}

{
    head_of LTCAP ltcap "capture and replay of tt-metal programs"
    "$bin/ltcap" --help | section DESCRIPTION
    for command in $("$bin/ltcap" --help | sed -n '/^commands:/,/^$/s/^  \([a-z]\{1,\}\) .*/\1/p'); do
        case $command in help | version) continue ;; esac
        "$bin/ltcap" "$command" --help | section "LTCAP ${command^^}"
    done
    printf '.SH SEE ALSO\nltplay(1), ltdump(1); the guides in share/doc/ltcap beside this page'"'"'s share/man.\n'
} >"$out/ltcap.1"
# ltplay's text, from the player that starts here (a prefix of the v0.67.0 release has no libtt_metal.so that
# v0.56.0's ltplay loads; both players are one program and print one text).
ltplay_help() { "$bin/ltplay" --help 2>/dev/null || "$bin/ltplay_v067" --help; }
{
    head_of LTPLAY ltplay "replay an ltcap log and verify its reads (ltcap replay)"
    ltplay_help | section DESCRIPTION
    printf '.SH SEE ALSO\nltcap(1), ltdump(1)\n'
} >"$out/ltplay.1"
{
    head_of LTDUMP ltdump "print an ltcap log, one line per call (ltcap dump)"
    "$bin/ltdump" --help | section DESCRIPTION
    printf '.SH SEE ALSO\nltcap(1), ltplay(1)\n'
} >"$out/ltdump.1"
