# bash completion for placesctl                               -*- shell-script -*-

# Prints the ids of the caller's places, asking the daemon (on the socket given with --socket, if any).
_placesctl_ids()
{
    local -a socket_option=()
    [[ -n $1 ]] && socket_option=(--socket "$1")
    placesctl "${socket_option[@]}" --json list 2>/dev/null |
        grep -o '"id":"[0-9a-fA-F-]*"' | cut -d'"' -f4
}

_placesctl()
{
    local cur prev words cword
    _init_completion || return

    local global_options='--socket --json --help --version'
    local commands='add list get update remove status call help'
    local command='' socket='' i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --socket)
                socket=${words[i + 1]}
                ((i++))
                ;;
            -*) ;;
            *)
                if [[ -z $command ]]; then
                    command=${words[i]}
                fi
                ;;
        esac
    done

    case $prev in
        --socket)
            _filedir
            return
            ;;
        --lat | --latitude | --lon | --longitude | --description | --name | --search | --offset | --limit | --if-version)
            return
            ;;
    esac

    local options=''
    case $command in
        '')
            if [[ $cur == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "$global_options" -- "$cur")
            else
                mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
            fi
            return
            ;;
        add) options='--lat --latitude --lon --longitude --description --visited' ;;
        list) options='--visited --unvisited --search --offset --limit' ;;
        update) options='--name --description --lat --latitude --lon --longitude --visited --unvisited --if-version' ;;
        remove) options='--if-version' ;;
        help)
            mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
            return
            ;;
        call)
            if [[ $cur != -* && $prev == call ]]; then
                mapfile -t COMPREPLY < <(compgen -W 'places.add places.get places.list places.update
                    places.remove places.move places.near places.watch places.import places.export
                    server.status server.unlock rpc.discover' -- "$cur")
                return
            fi
            ;;
    esac

    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$options --socket --json --help" -- "$cur")
    elif [[ $prev == "$command" ]]; then
        case $command in
            get | update | remove)
                mapfile -t COMPREPLY < <(compgen -W "$(_placesctl_ids "$socket")" -- "$cur")
                ;;
        esac
    fi
} &&
    complete -F _placesctl placesctl

# ex: filetype=sh
