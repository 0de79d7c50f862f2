# bash completion for placesd                                 -*- shell-script -*-

_placesd()
{
    # shellcheck disable=SC2034 # _init_completion sets words and cword too.
    local cur prev words cword
    _init_completion || return

    case $prev in
        --config | --socket | --database | --key-file | --new-key-file | --from | --to)
            _filedir
            return
            ;;
        --log-level)
            mapfile -t COMPREPLY < <(compgen -W 'error warning notice info debug' -- "$cur")
            return
            ;;
        --admin-group)
            mapfile -t COMPREPLY < <(compgen -g -- "$cur")
            return
            ;;
        --socket-mode | --max-connections | --max-line-bytes | --max-places | --max-connections-per-user | \
            --max-requests-in-flight | --max-reply-buffer | --max-reply-buffer-per-user | --max-subscriber-buffer | \
            --max-import-places | --max-change-log-entries | --max-change-log-age)
            return
            ;;
    esac

    if [ "${words[1]}" = rekey ]; then
        mapfile -t COMPREPLY < <(compgen -W '--config --database --key-file --new-key-file --decrypt --help' -- "$cur")
        return
    fi
    if [ "${words[1]}" = migrate ]; then
        mapfile -t COMPREPLY < <(compgen -W '--from --to --help' -- "$cur")
        return
    fi
    if [ "$cword" -eq 1 ] && [[ $cur != -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W 'rekey migrate' -- "$cur")
        return
    fi
    mapfile -t COMPREPLY < <(compgen -W '--config --check-config --socket --database --socket-mode
        --max-connections --max-line-bytes --max-places --max-connections-per-user --max-requests-in-flight
        --max-reply-buffer --max-reply-buffer-per-user --max-subscriber-buffer --max-import-places
        --max-change-log-entries --max-change-log-age --admin-group --log-level --key-file --openrpc --version
        --help' -- "$cur")
} &&
    complete -F _placesd placesd

# ex: filetype=sh
