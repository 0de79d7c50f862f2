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
    local commands='add list get update visit unvisit move remove near watch import export status unlock key call help'
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
        --before | --after)
            mapfile -t COMPREPLY < <(compgen -W "$(_placesctl_ids "$socket")" -- "$cur")
            return
            ;;
        --format)
            mapfile -t COMPREPLY < <(compgen -W 'json geojson gpx' -- "$cur")
            return
            ;;
        -o | --output | --key-file)
            _filedir
            [[ $prev == --key-file && - == "$cur"* ]] && COMPREPLY+=(-)
            return
            ;;
        --lat | --latitude | --lon | --longitude | --description | --name | --search | --offset | --limit | \
            --if-version | --radius)
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
        visit | unvisit | remove) options='--if-version' ;;
        move) options='--before --after --top --bottom --if-version' ;;
        near) options='--lat --latitude --lon --longitude --radius --limit' ;;
        export) options='-o --output --format' ;;
        unlock) options='--key-file' ;;
        key)
            options='--raw'
            if [[ $cur != -* && $prev == key ]]; then
                mapfile -t COMPREPLY < <(compgen -W 'generate' -- "$cur")
                return
            fi
            ;;
        import)
            if [[ $prev == import ]]; then
                _filedir
                [[ - == "$cur"* ]] && COMPREPLY+=(-)
                return
            fi
            ;;
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
            get | update | visit | unvisit | move | remove)
                mapfile -t COMPREPLY < <(compgen -W "$(_placesctl_ids "$socket")" -- "$cur")
                ;;
        esac
    fi
} &&
    complete -F _placesctl placesctl

# ex: filetype=sh
