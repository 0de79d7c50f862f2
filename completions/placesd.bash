# bash completion for placesd                               -*- shell-script -*-
# Made from placesd's option declarations by 'make completions'; edit those, not this file.

_placesd()
{
    local cur prev words cword
    _init_completion || return

    local commands='rekey migrate'
    local command='' i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --config | --socket | --database | --socket-mode | --max-connections | --max-line-bytes | --max-places | --max-connections-per-user | --max-requests-in-flight | --max-reply-buffer | --max-reply-buffer-per-user | --max-subscriber-buffer | --max-import-places | --max-change-log-entries | --max-change-log-age | --admin-group | --log-level | --key-file | --new-key-file | --from | --to)
                ((i++))
                ;;
            -*) ;;
            *)
                if [[ -z $command ]] && ((i == 1)); then
                    command=${words[i]}
                fi
                ;;
        esac
    done

    local options=''
    case $command in
        '')
            case $prev in
                --config | --socket | --database | --key-file)
                    _filedir
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
                    _filedir
                    return
                    ;;
            esac
            options='--config --database --key-file --new-key-file --decrypt -h --help'
            ;;
        migrate)
            case $prev in
                --from | --to)
                    _filedir
                    return
                    ;;
            esac
            options='--from --to -h --help'
            ;;
    esac
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
} &&
    complete -F _placesd placesd

# ex: filetype=sh
