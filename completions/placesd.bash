# bash completion for placesd                                 -*- shell-script -*-

_placesd()
{
    # shellcheck disable=SC2034 # _init_completion sets words and cword too.
    local cur prev words cword
    _init_completion || return

    case $prev in
        --config | --socket | --database)
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
        --socket-mode | --max-connections | --max-line-bytes | --max-places)
            return
            ;;
    esac

    mapfile -t COMPREPLY < <(compgen -W '--config --check-config --socket --database --socket-mode
        --max-connections --max-line-bytes --max-places --admin-group --log-level --openrpc --version --help' -- "$cur")
} &&
    complete -F _placesd placesd

# ex: filetype=sh
