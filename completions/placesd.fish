# fish completion for placesd.

complete -c placesd -f
complete -c placesd -l config -r -F -d 'Read settings from PATH'
complete -c placesd -l check-config -d 'Check the configuration file and flags, print the result and exit'
complete -c placesd -l socket -r -F -d 'Listen on PATH'
complete -c placesd -l database -r -F -d 'Keep the places in the SQLite file PATH'
complete -c placesd -l socket-mode -x -d 'Permission bits of the socket, in octal'
complete -c placesd -l max-connections -x -d 'Serve at most N clients at once'
complete -c placesd -l max-line-bytes -x -d 'Refuse request lines longer than N bytes'
complete -c placesd -l max-places -x -d 'Let each user keep at most N places'
complete -c placesd -l admin-group -x -a '(__fish_complete_groups)' -d 'Members of group NAME may pass allUsers'
complete -c placesd -l log-level -x -a 'error warning notice info debug' -d 'How verbose the log is'
complete -c placesd -l openrpc -d 'Print the OpenRPC document of the protocol and exit'
complete -c placesd -l version -d 'Print the version and exit'
complete -c placesd -s h -l help -d 'Print the help and exit'
