# bash completion for placesd                               -*- shell-script -*-
# Made from placesd's option declarations by 'make completions'; edit those, not this file.

_placesd()
{
    local cur prev words cword
    if declare -F _init_completion >/dev/null; then
        _init_completion || return
    else
        # Without the bash-completion package: bash's own words (split at = and : too).
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
    fi

    local commands='rekey migrate backup restore'
    local command='' position=0 i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --config | --socket | --database | --socket-mode | --max-connections | --max-line-bytes | --max-places | --max-connections-per-user | --max-requests-in-flight | --max-reply-buffer | --max-reply-buffer-per-user | --max-subscriber-buffer | --max-import-places | --max-change-log-entries | --max-change-log-age | --admin-group | --log-level | --key-file | --new-key-file | --from | --to | --info)
                ((i++))
                ;;
            -*) ;;
            *)
                if [[ -z $command ]] && ((i == 1)); then
                    command=${words[i]}
                else
                    ((position++))
                fi
                ;;
        esac
    done

    local options=''
    case $command in
        '')
            case $prev in
                --config | --socket | --database | --key-file)
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
                    return
                    ;;
                --socket-mode | --max-connections | --max-line-bytes | --max-places | --max-connections-per-user | --max-requests-in-flight | --max-reply-buffer | --max-reply-buffer-per-user | --max-subscriber-buffer | --max-import-places | --max-change-log-entries | --max-change-log-age)
                    return
                    ;;
                --admin-group)
                    mapfile -t COMPREPLY < <(compgen -g -- "$cur")
                    return
                    ;;
                --log-level)
                    mapfile -t COMPREPLY < <(compgen -W 'error warning notice info debug' -- "$cur")
                    return
                    ;;
            esac
            if ((cword == 1)) && [[ $cur != -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
                return
            fi
            options='--config --check-config --socket --database --socket-mode --max-connections --max-line-bytes --max-places --max-connections-per-user --max-requests-in-flight --max-reply-buffer --max-reply-buffer-per-user --max-subscriber-buffer --max-import-places --max-change-log-entries --max-change-log-age --admin-group --log-level --key-file --openrpc --version -h --help'
            ;;
        rekey)
            case $prev in
                --config | --database | --key-file | --new-key-file)
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
                    return
                    ;;
            esac
            options='--config --database --key-file --new-key-file --decrypt -h --help'
            ;;
        migrate)
            case $prev in
                --from | --to)
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
                    return
                    ;;
            esac
            options='--from --to -h --help'
            ;;
        backup)
            case $prev in
                --info)
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
                    return
                    ;;
            esac
            options='--info --json -h --help'
            ;;
        restore)
            case $prev in
                --config | --database | --key-file)
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
                    return
                    ;;
            esac
            options='--config --database --key-file --replace -h --help'
            ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
        return
    fi
    case $command in
        restore)
            case $position in
                0)
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
                    ;;
            esac
            ;;
    esac
} &&
    complete -F _placesd placesd

# ex: filetype=sh
