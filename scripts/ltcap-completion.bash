# Bash completion for ltcap, ltplay and ltdump (installed as share/bash-completion/completions/ltcap, with links
# for the other two): ltcap's commands, then a command's options as its own --help lists them (never a copy that
# could go stale), the program and its arguments after `ltcap capture [--]`, and files.

# The options a tool's --help lists on its option lines ("  -o, --output PATTERN   ...").
_ltcap_options() {
    "$@" --help 2>/dev/null | grep -E '^ +-' | grep -oE -- '(^|[ ,])--?[A-Za-z][A-Za-z0-9-]*' | tr -d ' ,' | sort -u
}

_ltcap() {
    local cur=${COMP_WORDS[COMP_CWORD]} tool=${COMP_WORDS[0]} command= at=0 i
    COMPREPLY=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in -*) ;; *) command=${COMP_WORDS[i]} at=$i; break ;; esac
    done
    if [ -z "$command" ]; then
        COMPREPLY=($(compgen -W "$("$tool" --help 2>/dev/null | sed -n '/^commands:/,/^$/s/^  \([a-z]\{1,\}\) .*/\1/p')" \
            -- "$cur"))
        return
    fi
    if [ "$command" = help ]; then
        [ "$COMP_CWORD" -eq $((at + 1)) ] && COMPREPLY=($(compgen -W "$("$tool" --help 2>/dev/null |
            sed -n '/^commands:/,/^$/s/^  \([a-z]\{1,\}\) .*/\1/p')" -- "$cur"))
        return
    fi
    if [ "$command" = capture ]; then
        # After `--`, or once the program is named, the words are the program's.
        for ((i = at + 1; i < COMP_CWORD; i++)); do
            if [ "${COMP_WORDS[i]}" = -- ]; then
                [ "$i" -eq $((COMP_CWORD - 1)) ] && COMPREPLY=($(compgen -c -- "$cur")) || COMPREPLY=($(compgen -f -- "$cur"))
                return
            fi
        done
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_ltcap_options "$tool" "$command")" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}

_ltcap_tool() {  # ltplay, ltdump: options, then files
    local cur=${COMP_WORDS[COMP_CWORD]}
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_ltcap_options "${COMP_WORDS[0]}")" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}

complete -o filenames -F _ltcap ltcap
complete -o filenames -F _ltcap_tool ltplay ltdump
