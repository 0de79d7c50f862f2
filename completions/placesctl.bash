# bash completion for placesctl                               -*- shell-script -*-
# Made from placesctl's option declarations by 'make completions'; edit those, not this file.

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

    local commands='add list get update visit unvisit move remove undo history near watch import export backup status unlock key call help'
    local command='' socket='' position=0 i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --socket)
                socket=${words[i + 1]}
                ((i++))
                ;;
            --lat | --latitude | --lon | --longitude | --description | --sort | --order | --search | --bbox | --from | --offset | --limit | --name | --if-version | --before | --after | --radius | --format | -o | --output | --keep | --key-file)
                ((i++))
                ;;
            -*) ;;
            *)
                if [[ -z $command ]]; then
                    command=${words[i]}
                else
                    ((position++))
                fi
                ;;
        esac
    done

    case $prev in
        --socket)
            _filedir
            return
            ;;
    esac

    local options=''
    case $command in
        '')
            if [[ $cur != -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
                return
            fi
            options='--version'
            ;;
        add)
            case $prev in
                --lat | --latitude | --lon | --longitude | --description)
                    return
                    ;;
            esac
            options='--lat --latitude --lon --longitude --description --visited'
            ;;
        list)
            case $prev in
                --sort)
                    mapfile -t COMPREPLY < <(compgen -W 'position name createdAt updatedAt distance' -- "$cur")
                    return
                    ;;
                --order)
                    mapfile -t COMPREPLY < <(compgen -W 'asc desc' -- "$cur")
                    return
                    ;;
                --search | --bbox | --lat | --latitude | --lon | --longitude | --offset | --limit)
                    return
                    ;;
                --from)
                    mapfile -t COMPREPLY < <(compgen -W "$(_placesctl_ids "$socket")" -- "$cur")
                    return
                    ;;
            esac
            options='--visited --unvisited --sort --order --reverse --search --bbox --lat --latitude --lon --longitude --from --offset --limit'
            ;;
        get | undo | watch | import | status | call | help)
            options=''
            ;;
        update)
            case $prev in
                --name | --description | --lat | --latitude | --lon | --longitude | --if-version)
                    return
                    ;;
            esac
            options='--name --description --lat --latitude --lon --longitude --visited --unvisited --if-version'
            ;;
        visit | unvisit | remove)
            case $prev in
                --if-version)
                    return
                    ;;
            esac
            options='--if-version'
            ;;
        move)
            case $prev in
                --before | --after)
                    mapfile -t COMPREPLY < <(compgen -W "$(_placesctl_ids "$socket")" -- "$cur")
                    return
                    ;;
                --if-version)
                    return
                    ;;
            esac
            options='--before --after --top --bottom --if-version'
            ;;
        history)
            case $prev in
                --limit)
                    return
                    ;;
            esac
            options='--limit'
            ;;
        near)
            case $prev in
                --lat | --latitude | --lon | --longitude | --radius | --limit | --search | --bbox)
                    return
                    ;;
                --from)
                    mapfile -t COMPREPLY < <(compgen -W "$(_placesctl_ids "$socket")" -- "$cur")
                    return
                    ;;
                --sort)
                    mapfile -t COMPREPLY < <(compgen -W 'position name createdAt updatedAt distance' -- "$cur")
                    return
                    ;;
                --order)
                    mapfile -t COMPREPLY < <(compgen -W 'asc desc' -- "$cur")
                    return
                    ;;
            esac
            options='--lat --latitude --lon --longitude --from --radius --limit --visited --unvisited --sort --order --reverse --search --bbox'
            ;;
        export)
            case $prev in
                --format)
                    mapfile -t COMPREPLY < <(compgen -W 'json geojson gpx' -- "$cur")
                    return
                    ;;
                -o | --output)
                    _filedir
                    return
                    ;;
            esac
            options='--format -o --output'
            ;;
        backup)
            case $prev in
                --keep)
                    return
                    ;;
            esac
            options='--keep'
            ;;
        unlock)
            case $prev in
                --key-file)
                    _filedir
                    [[ - == "$cur"* ]] && COMPREPLY+=(-)
                    return
                    ;;
            esac
            options='--key-file'
            ;;
        key)
            options='--raw'
            ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$options --socket --json -h --help" -- "$cur")
        return
    fi
    case $command in
        get | update | visit | unvisit | move | remove | history)
            case $position in
                0)
                    mapfile -t COMPREPLY < <(compgen -W "$(_placesctl_ids "$socket")" -- "$cur")
                    ;;
            esac
            ;;
        import)
            case $position in
                0)
                    _filedir
                    [[ - == "$cur"* ]] && COMPREPLY+=(-)
                    ;;
            esac
            ;;
        backup)
            case $position in
                0)
                    _filedir
                    ;;
            esac
            ;;
        key)
            case $position in
                0)
                    mapfile -t COMPREPLY < <(compgen -W 'generate' -- "$cur")
                    ;;
            esac
            ;;
        call)
            case $position in
                0)
                    mapfile -t COMPREPLY < <(compgen -W 'places.add places.get places.list places.update places.remove places.move places.near places.resolve places.watch places.import places.export places.undo places.history server.status server.unlock server.backup rpc.discover' -- "$cur")
                    ;;
            esac
            ;;
        help)
            case $position in
                0)
                    mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
                    ;;
            esac
            ;;
    esac
} &&
    complete -F _placesctl placesctl

# ex: filetype=sh
