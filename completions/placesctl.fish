# fish completion for placesctl.
# Made from placesctl's option declarations by 'make completions'; edit those, not this file.

set -l commands add list get update visit unvisit tag untag tags move remove undo history near map where watch import export backup status unlock key call help

# Prints the names of the caller's places and their ids, each with a description, asking the daemon.
function __placesctl_ids
    set -l tokens (commandline -opc)
    set -l socket_option
    if set -l index (contains -i -- --socket $tokens)
        set socket_option --socket $tokens[(math $index + 1)]
    end
    placesctl $socket_option list --format tsv --fields id,name 2>/dev/null | tail -n +2 |
        while read -l -d \t id name
            printf '%s\tplace\n%s\t%s\n' $name $id $name
        end
end

# Succeeds when $argv[1] arguments follow the command on the line, and it is one of $argv[2..].
function __placesctl_argument
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l command
    set -l count 0
    set -l skip 0
    for token in $tokens
        if test $skip = 1
            set skip 0
        else if contains -- $token --socket --color --lat --latitude --lon --longitude --description --tag --country --sort --order --search --bbox --from --offset --limit --format --fields --name --if-version --on --before --after --radius --around --width --height --svg --on-conflict -o --output --keep --key-file
            set skip 1
        else if string match -q -- '-*' $token
            continue
        else if test -z "$command"
            set command $token
        else
            set count (math $count + 1)
        end
    end
    test $count = $argv[1]; and contains -- "$command" $argv[2..-1]
end

complete -c placesctl -f
complete -c placesctl -l socket -r -F -d 'Use the daemon on this socket instead of looking for one'
complete -c placesctl -l json -d 'Print the result as one line of JSON and nothing else; any failure prints one JSON error object'
complete -c placesctl -l no-pager -d 'Do not page output taller than the terminal through $PAGER'
complete -c placesctl -l color -x -a 'auto always never' -d 'Colour the output: auto, always or never'
complete -c placesctl -s h -l help -d 'Show help and exit'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -l version -d 'Print the version and exit'

complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a add -d 'Add a place to your list'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a list -d 'List your places in a table'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a get -d 'Show every field of one place'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a update -d 'Change some fields of a place'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a visit -d 'Mark a place as visited'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a unvisit -d 'Mark a place as not visited'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a tag -d 'Add tags to a place'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a untag -d 'Take tags off a place'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a tags -d 'List your tags, each with its number of places'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a move -d 'Move a place to another position in your list'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a remove -d 'Remove a place from your list'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a undo -d 'Revert your last change, or your last N changes'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a history -d 'List your recent changes, newest first'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a near -d 'List the places nearest to a point or a place, nearest first'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a map -d 'Draw your places on a map of the world in the terminal'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a where -d 'List the cities of a name, most populous first'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a watch -d 'Show your places, then each change as it happens'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a import -d 'Add the places of a JSON, GeoJSON, GPX, KML, KMZ or CSV file'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a export -d 'Write your places as JSON, GeoJSON, GPX, KML, KMZ, CSV or SVG'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a backup -d 'Back up all users\' places into a file while placesd runs'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a status -d 'Show the daemon\'s status and your number of places'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a unlock -d 'Give a locked placesd the key to its encrypted places'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a key -d 'Generate a new key for encrypting placesd\'s places'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a call -d 'Call any JSON-RPC method and print its result as JSON'
complete -c placesctl -n "not __fish_seen_subcommand_from $commands" -a help -d 'Show the overview, or one command\'s help'

complete -c placesctl -n '__fish_seen_subcommand_from add update near' -l lat -l latitude -x -d 'Latitude in degrees, -90 to 90'
complete -c placesctl -n '__fish_seen_subcommand_from add update near' -l lon -l longitude -x -d 'Longitude in degrees, -180 to 180'
complete -c placesctl -n '__fish_seen_subcommand_from add update' -l description -x -d 'Free text about the place'
complete -c placesctl -n '__fish_seen_subcommand_from add' -l visited -d 'Mark the place as visited already'
complete -c placesctl -n '__fish_seen_subcommand_from add' -l tag -x -d 'Give the place tag TAG; repeat it for more tags'
complete -c placesctl -n '__fish_seen_subcommand_from add where' -l country -x -d 'Look for the city in this country: a code or a country\'s name'
complete -c placesctl -n '__fish_seen_subcommand_from list map' -l visited -d 'Show only visited places'
complete -c placesctl -n '__fish_seen_subcommand_from list map' -l unvisited -d 'Show only places not visited yet'
complete -c placesctl -n '__fish_seen_subcommand_from list near' -l sort -x -a 'position name createdAt updatedAt visitedAt distance' -d 'Order by position, name, createdAt, updatedAt, visitedAt or distance'
complete -c placesctl -n '__fish_seen_subcommand_from list near' -l order -x -a 'asc desc' -d 'Smallest first or largest first'
complete -c placesctl -n '__fish_seen_subcommand_from list near' -l reverse -d 'The same as --order desc'
complete -c placesctl -n '__fish_seen_subcommand_from list near map' -l search -x -d 'Only places whose name, description or a tag contains TEXT, ignoring case and accents'
complete -c placesctl -n '__fish_seen_subcommand_from list near map' -l tag -x -d 'Only places with tag TAG, ignoring case and accents; repeat it for places with every TAG'
complete -c placesctl -n '__fish_seen_subcommand_from list near' -l bbox -x -d 'Only places in this box of degrees; W greater than E crosses the antimeridian'
complete -c placesctl -n '__fish_seen_subcommand_from list' -l lat -l latitude -x -d 'With --sort distance: measure from this latitude'
complete -c placesctl -n '__fish_seen_subcommand_from list' -l lon -l longitude -x -d 'With --sort distance: measure from this longitude'
complete -c placesctl -n '__fish_seen_subcommand_from list' -l from -x -a '(__placesctl_ids)' -d 'With --sort distance: measure from this place'
complete -c placesctl -n '__fish_seen_subcommand_from list' -l offset -x -d 'Skip the first N matching places'
complete -c placesctl -n '__fish_seen_subcommand_from list near' -l limit -x -d 'Show at most N places'
complete -c placesctl -n '__fish_seen_subcommand_from list near' -l format -x -a 'table tsv json' -d 'table, tsv or json'
complete -c placesctl -n '__fish_seen_subcommand_from list' -l fields -x -a 'id name latitude longitude visited visitedAt tags description version createdAt updatedAt' -d 'The columns of the table or TSV, comma-separated, from: id, name, latitude, longitude, visited, visitedAt, tags, description, version, createdAt, updatedAt'
complete -c placesctl -n '__fish_seen_subcommand_from update' -l name -x -d 'The new name, 1 to 200 characters'
complete -c placesctl -n '__fish_seen_subcommand_from update' -l visited -d 'Mark as visited'
complete -c placesctl -n '__fish_seen_subcommand_from update' -l unvisited -d 'Mark as not visited'
complete -c placesctl -n '__fish_seen_subcommand_from update' -l tag -x -d 'Replace the place\'s tags with the TAGs given; repeat it for more tags'
complete -c placesctl -n '__fish_seen_subcommand_from update visit unvisit tag untag move remove' -l if-version -x -d 'Refuse unless the place is still at version N'
complete -c placesctl -n '__fish_seen_subcommand_from visit' -l on -x -d 'The day or time of the visit, not in the future; default now'
complete -c placesctl -n '__fish_seen_subcommand_from move' -l before -x -a '(__placesctl_ids)' -d 'Put the place just before place ID2'
complete -c placesctl -n '__fish_seen_subcommand_from move' -l after -x -a '(__placesctl_ids)' -d 'Put the place just after place ID2'
complete -c placesctl -n '__fish_seen_subcommand_from move' -l top -d 'Put the place first'
complete -c placesctl -n '__fish_seen_subcommand_from move' -l bottom -d 'Put the place last'
complete -c placesctl -n '__fish_seen_subcommand_from history' -l limit -x -d 'Show at most N changes'
complete -c placesctl -n '__fish_seen_subcommand_from near' -l from -x -a '(__placesctl_ids)' -d 'Measure from this place instead of a point'
complete -c placesctl -n '__fish_seen_subcommand_from near' -l country -x -d 'Take WHERE as a city of this country: a code or a name'
complete -c placesctl -n '__fish_seen_subcommand_from near' -l radius -x -d 'Only places this close: metres, kilometres or miles'
complete -c placesctl -n '__fish_seen_subcommand_from near' -l visited -d 'Only visited places'
complete -c placesctl -n '__fish_seen_subcommand_from near' -l unvisited -d 'Only places not visited yet'
complete -c placesctl -n '__fish_seen_subcommand_from map' -l around -x -a '(__placesctl_ids)' -d 'Show the circle of --radius around LAT,LON, one of your places or a city'
complete -c placesctl -n '__fish_seen_subcommand_from map' -l bbox -x -d 'Show this box of degrees; W greater than E crosses the antimeridian'
complete -c placesctl -n '__fish_seen_subcommand_from map' -l radius -x -d 'With --around: metres, kilometres or miles; 100km if not given'
complete -c placesctl -n '__fish_seen_subcommand_from map' -l country -x -d 'Take --around as a city of this country: a code or a name'
complete -c placesctl -n '__fish_seen_subcommand_from map' -l width -x -d 'The map\'s width in cells'
complete -c placesctl -n '__fish_seen_subcommand_from map' -l height -x -d 'The map\'s height in cells, legend included'
complete -c placesctl -n '__fish_seen_subcommand_from map' -l blocks -d 'Draw land with half blocks instead of braille, for fonts without braille'
complete -c placesctl -n '__fish_seen_subcommand_from map' -l ascii -d 'Draw with ASCII characters only, for terminals with nothing else'
complete -c placesctl -n '__fish_seen_subcommand_from map' -l svg -r -F -d 'Write the map as an SVG picture to FILE'
complete -c placesctl -n '__fish_seen_subcommand_from map' -l watch -d 'Stay on the terminal and redraw after every change'
complete -c placesctl -n '__fish_seen_subcommand_from import' -l format -x -a 'json geojson gpx kml kmz csv' -d 'Read FILE as json, geojson, gpx, kml, kmz or csv instead of recognising its format'
complete -c placesctl -n '__fish_seen_subcommand_from import' -l on-conflict -x -a 'fail skip replace' -d 'For an id already in use: fail, skip the place, or replace your place\'s fields with the imported ones'
complete -c placesctl -n '__fish_seen_subcommand_from import' -l skip-duplicates -d 'Leave out places without an id that have the name of one of yours, or of one earlier in the file, within 50 m of it'
complete -c placesctl -n '__fish_seen_subcommand_from import' -l dry-run -d 'Say what would be added, replaced and skipped, and change nothing'
complete -c placesctl -n '__fish_seen_subcommand_from export' -l format -x -a 'json geojson gpx kml kmz csv svg' -d 'json, geojson, gpx, kml, kmz, csv or svg'
complete -c placesctl -n '__fish_seen_subcommand_from export' -l group-by-tag -d 'kml and kmz: put each place in a Folder named after its first tag'
complete -c placesctl -n '__fish_seen_subcommand_from export' -s o -l output -r -F -d 'Write to FILE instead of standard output'
complete -c placesctl -n '__fish_seen_subcommand_from backup' -l keep -x -d 'With a DIRECTORY, keep the newest N backups there'
complete -c placesctl -n '__fish_seen_subcommand_from unlock' -l key-file -r -F -a - -d 'Read the key from FILE'
complete -c placesctl -n '__fish_seen_subcommand_from key' -l raw -d 'Write the 32 raw bytes instead of base64'

complete -c placesctl -n '__placesctl_argument 0 get update visit unvisit tag untag move remove' -a '(__placesctl_ids)' -d 'The place: its name, a unique beginning of its name, its id, or 4+ hex digits of the id'
complete -c placesctl -n '__placesctl_argument 0 history' -a '(__placesctl_ids)' -d 'Only this place\'s changes (its full id)'
complete -c placesctl -n '__placesctl_argument 0 near' -a '(__placesctl_ids)' -d 'One of your places (a name or an id), "LAT,LON", or a city'
complete -c placesctl -n '__placesctl_argument 0 import' -F -a - -d 'The file to read, or - for standard input'
complete -c placesctl -n '__placesctl_argument 0 backup' -F -d 'The backup file, or a directory to keep dated backups in'
complete -c placesctl -n '__placesctl_argument 0 key' -a 'generate' -d 'What to do: generate, the only action'
complete -c placesctl -n '__placesctl_argument 0 call' -a 'places.add places.get places.list places.update places.remove places.move places.near places.density places.resolve places.tags places.watch places.import places.import.begin places.import.add places.import.commit places.import.abort places.export places.undo places.history server.status server.unlock server.backup rpc.discover' -d 'The method\'s name, such as places.list'
complete -c placesctl -n '__placesctl_argument 0 help' -a "$commands" -d 'The command to explain'
