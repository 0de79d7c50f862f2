# bash completion for placesctl                               -*- shell-script -*-
# Made from placesctl's option declarations by 'make completions'; edit those, not this file.

# Offers the names and ids of the caller's places that begin with $2, asking the daemon (on the socket
# given with --socket, if any).
_placesctl_places()
{
    local -a socket_option=()
    local id name
    [[ -n $1 ]] && socket_option=(--socket "$1")
    while IFS=$'\t' read -r id name; do
        [[ $id == id ]] && continue
        [[ -n $name && $name == "$2"* ]] && COMPREPLY+=("$(printf '%q' "$name")")
        [[ $id == "$2"* ]] && COMPREPLY+=("$id")
    done < <(placesctl "${socket_option[@]}" list --format tsv --fields id,name 2>/dev/null)
}

_placesctl()
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

    local commands='add list get update visit unvisit tag untag tags move remove undo history near map where watch import export backup status unlock key call help'
    local command='' socket='' position=0 i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --socket)
                socket=${words[i + 1]}
                ((i++))
                ;;
            --color | --lat | --latitude | --lon | --longitude | --description | --tag | --country | --sort | --order | --search | --bbox | --from | --offset | --limit | --format | --fields | --name | --if-version | --on | --before | --after | --radius | --around | --width | --height | --svg | --on-conflict | -o | --output | --keep | --key-file)
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
            if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
            return
            ;;
        --color)
            mapfile -t COMPREPLY < <(compgen -W 'auto always never' -- "$cur")
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
                --lat | --latitude | --lon | --longitude | --description | --tag | --country)
                    return
                    ;;
            esac
            options='--lat --latitude --lon --longitude --description --visited --tag --country'
            ;;
        list)
            case $prev in
                --sort)
                    mapfile -t COMPREPLY < <(compgen -W 'position name createdAt updatedAt visitedAt distance' -- "$cur")
                    return
                    ;;
                --order)
                    mapfile -t COMPREPLY < <(compgen -W 'asc desc' -- "$cur")
                    return
                    ;;
                --search | --tag | --bbox | --lat | --latitude | --lon | --longitude | --offset | --limit)
                    return
                    ;;
                --from)
                    _placesctl_places "$socket" "$cur"
                    return
                    ;;
                --format)
                    mapfile -t COMPREPLY < <(compgen -W 'table tsv json' -- "$cur")
                    return
                    ;;
                --fields)
                    mapfile -t COMPREPLY < <(compgen -W 'id name latitude longitude visited visitedAt tags description version createdAt updatedAt' -- "$cur")
                    return
                    ;;
            esac
            options='--visited --unvisited --sort --order --reverse --search --tag --bbox --lat --latitude --lon --longitude --from --offset --limit --format --fields'
            ;;
        get | tags | undo | watch | status | call | help)
            options=''
            ;;
        update)
            case $prev in
                --name | --description | --lat | --latitude | --lon | --longitude | --tag | --if-version)
                    return
                    ;;
            esac
            options='--name --description --lat --latitude --lon --longitude --visited --unvisited --tag --if-version'
            ;;
        visit)
            case $prev in
                --on | --if-version)
                    return
                    ;;
            esac
            options='--on --if-version'
            ;;
        unvisit | tag | untag | remove)
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
                    _placesctl_places "$socket" "$cur"
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
                --lat | --latitude | --lon | --longitude | --country | --radius | --limit | --search | --tag | --bbox)
                    return
                    ;;
                --from)
                    _placesctl_places "$socket" "$cur"
                    return
                    ;;
                --sort)
                    mapfile -t COMPREPLY < <(compgen -W 'position name createdAt updatedAt visitedAt distance' -- "$cur")
                    return
                    ;;
                --order)
                    mapfile -t COMPREPLY < <(compgen -W 'asc desc' -- "$cur")
                    return
                    ;;
                --format)
                    mapfile -t COMPREPLY < <(compgen -W 'table tsv json' -- "$cur")
                    return
                    ;;
            esac
            options='--lat --latitude --lon --longitude --from --country --radius --limit --visited --unvisited --sort --order --reverse --search --tag --bbox --format'
            ;;
        map)
            case $prev in
                --around)
                    _placesctl_places "$socket" "$cur"
                    return
                    ;;
                --bbox | --radius | --country | --search | --tag | --width | --height)
                    return
                    ;;
                --svg)
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
                    return
                    ;;
            esac
            options='--around --bbox --radius --country --visited --unvisited --search --tag --width --height --blocks --ascii --svg --watch'
            ;;
        where)
            case $prev in
                --country)
                    return
                    ;;
            esac
            options='--country'
            ;;
        import)
            case $prev in
                --format)
                    mapfile -t COMPREPLY < <(compgen -W 'json geojson gpx kml kmz csv' -- "$cur")
                    return
                    ;;
                --on-conflict)
                    mapfile -t COMPREPLY < <(compgen -W 'fail skip replace' -- "$cur")
                    return
                    ;;
            esac
            options='--format --on-conflict --skip-duplicates --dry-run'
            ;;
        export)
            case $prev in
                --format)
                    mapfile -t COMPREPLY < <(compgen -W 'json geojson gpx kml kmz csv svg' -- "$cur")
                    return
                    ;;
                -o | --output)
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
                    return
                    ;;
            esac
            options='--format --group-by-tag -o --output'
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
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
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
        mapfile -t COMPREPLY < <(compgen -W "$options --socket --json --no-pager --color -h --help" -- "$cur")
        return
    fi
    case $command in
        get | update | visit | unvisit | tag | untag | move | remove | history | near)
            case $position in
                0)
                    _placesctl_places "$socket" "$cur"
                    ;;
            esac
            ;;
        import)
            case $position in
                0)
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
                    [[ - == "$cur"* ]] && COMPREPLY+=(-)
                    ;;
            esac
            ;;
        backup)
            case $position in
                0)
                    if declare -F _filedir >/dev/null; then _filedir; else mapfile -t COMPREPLY < <(compgen -f -- "$cur"); fi
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
                    mapfile -t COMPREPLY < <(compgen -W 'places.add places.get places.list places.update places.remove places.move places.near places.density places.resolve places.tags places.watch places.import places.import.begin places.import.add places.import.commit places.import.abort places.export places.undo places.history server.status server.unlock server.backup rpc.discover' -- "$cur")
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
