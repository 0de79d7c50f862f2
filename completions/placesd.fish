# fish completion for placesd.
# Made from placesd's option declarations by 'make completions'; edit those, not this file.

set -l commands rekey migrate backup restore

# Succeeds when $argv[1] arguments follow the command on the line, and it is one of $argv[2..].
function __placesd_argument
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l command
    set -l count 0
    set -l skip 0
    for token in $tokens
        if test $skip = 1
            set skip 0
        else if contains -- $token --config --socket --database --socket-mode --max-connections --max-line-bytes --max-places --max-connections-per-user --max-requests-in-flight --max-reply-buffer --max-reply-buffer-per-user --max-subscriber-buffer --max-import-places --max-change-log-entries --max-change-log-age --admin-group --log-level --key-file --new-key-file --from --to --info
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

complete -c placesd -f
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l config -r -F -d 'Read settings from PATH'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l check-config -d 'Check the configuration file and flags, print the result and exit'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l socket -r -F -d 'Listen on PATH'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l database -r -F -d 'Keep the places in the SQLite file DATABASE, or, when DATABASE is a PostgreSQL connection URI or key=value string, in that database, shared with every host that uses it'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l socket-mode -x -d 'Permission bits of the socket, in octal'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-connections -x -d 'Serve at most N clients at once'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-line-bytes -x -d 'Refuse request lines longer than N bytes'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-places -x -d 'Let each user keep at most N places'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-connections-per-user -x -d 'Serve at most N clients of one uid at once, root included'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-requests-in-flight -x -d 'Stop reading a client that has N requests waiting for the store until answers come back'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-reply-buffer -x -d 'Stop reading a client once BYTES of its replies wait unread, until it reads'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-reply-buffer-per-user -x -d 'Let the unread replies of one uid\'s clients take at most BYTES beyond each client\'s first MiB; past it they are not read until theirs are'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-subscriber-buffer -x -d 'End a places.watch subscription once BYTES of events wait unread'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-import-places -x -d 'Refuse a places.import of more than N places'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-change-log-entries -x -d 'Keep the last N changes in the change log, from which places.watch with since resumes'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l max-change-log-age -x -d 'Drop changes older than SECONDS from the change log'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l admin-group -x -a '(__fish_complete_groups)' -d 'Members of group NAME may pass allUsers; root always may'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l log-level -x -a 'error warning notice info debug' -d 'One of error, warning, notice, info, debug'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l key-file -r -F -d 'Seal the places with the 32-byte key in PATH'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l openrpc -d 'Print the protocol\'s OpenRPC document and exit'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -l version -d 'Print the version and exit'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -s h -l help -d 'Print this help and exit'

complete -c placesd -n "not __fish_seen_subcommand_from $commands" -a rekey -d 'Re-seal the database with a new key, or decrypt it'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -a migrate -d 'Copy a store between SQLite and PostgreSQL'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -a backup -d 'Inspect a backup file'
complete -c placesd -n "not __fish_seen_subcommand_from $commands" -a restore -d 'Restore a backup into the database, with the daemon stopped'

complete -c placesd -n '__fish_seen_subcommand_from rekey restore' -l config -r -F -d 'Read database and key-file from PATH'
complete -c placesd -n '__fish_seen_subcommand_from rekey' -l database -r -F -d 'The database to rekey'
complete -c placesd -n '__fish_seen_subcommand_from rekey' -l key-file -r -F -d 'The current key; not needed for a plaintext database'
complete -c placesd -n '__fish_seen_subcommand_from rekey' -l new-key-file -r -F -d 'The new key: 32 bytes, or their base64 text'
complete -c placesd -n '__fish_seen_subcommand_from rekey' -l decrypt -d 'Store the places in plaintext instead of sealing them with a new key'
complete -c placesd -n '__fish_seen_subcommand_from rekey migrate backup restore' -s h -l help -d 'Print this help and exit'
complete -c placesd -n '__fish_seen_subcommand_from migrate' -l from -r -F -d 'The store to copy'
complete -c placesd -n '__fish_seen_subcommand_from migrate' -l to -r -F -d 'The empty store to copy it into'
complete -c placesd -n '__fish_seen_subcommand_from backup' -l info -r -F -d 'Print what the backup FILE holds and whether it passes its integrity check'
complete -c placesd -n '__fish_seen_subcommand_from backup' -l json -d 'Print it as one JSON object'
complete -c placesd -n '__fish_seen_subcommand_from restore' -l database -r -F -d 'The database to restore into'
complete -c placesd -n '__fish_seen_subcommand_from restore' -l key-file -r -F -d 'The key the backup was sealed with; not needed for a plaintext backup'
complete -c placesd -n '__fish_seen_subcommand_from restore' -l replace -d 'Replace a SQLite database that holds places, keeping it as PATH.before-restore-TIME'

complete -c placesd -n '__placesd_argument 0 restore' -F -d 'The backup to restore'
