/// Writes a bash completion script from a program's declarations.
///
/// The script walks the words before the cursor to find the command and how many of its arguments are given
/// (skipping every option's value), then completes the value of the option before the cursor, an option, or
/// the argument at that position. It works in a plain bash as well as with the bash-completion package: it uses
/// that package's `_init_completion` and `_filedir` when they are defined, and bash's own `COMP_WORDS`,
/// `COMP_CWORD` and `compgen -f` when they are not.
struct BashCompletion {
    /// The program described.
    let program: ProgramDeclaration

    private var function: String { "_" + program.name.replacing("-", with: "_") }

    /// The script.
    var script: String {
        var lines = [
            "# bash completion for \(program.name)                               -*- shell-script -*-",
            program.generatedNotice,
            "",
        ]
        if program.completesPlaceIDs {
            lines += idFunction + [""]
        }
        let tracksSocket = program.completesPlaceIDs && program.socketOption != nil
        let countsArguments = program.commands.flatMap(\.arguments).contains { $0.completion != .none }
        let locals = ["command=''"] + (tracksSocket ? ["socket=''"] : []) + (countsArguments ? ["position=0"] : [])
        lines += [
            "\(function)()", "{", "    local cur prev words cword",
            "    if declare -F _init_completion >/dev/null; then", "        _init_completion || return", "    else",
            "        # Without the bash-completion package: bash's own words (split at = and : too).",
            "        words=(\"${COMP_WORDS[@]}\")", "        cword=$COMP_CWORD",
            "        cur=${COMP_WORDS[COMP_CWORD]}",
            "        prev=${COMP_WORDS[COMP_CWORD - 1]}", "    fi", "",
            "    local commands=\(program.commands.map(\.name).joined(separator: " ").shellQuoted)",
            "    local \(locals.joined(separator: " ")) i", "    for ((i = 1; i < cword; i++)); do",
            "        case ${words[i]} in",
        ]
        if tracksSocket, let socket = program.socketOption {
            lines += [
                "            \(socket.names.joined(separator: " | ")))", "                socket=${words[i + 1]}",
                "                ((i++))", "                ;;",
            ]
        }
        let skipped = program.valueSpellings.filter { !(tracksSocket && program.socketOption?.isSpelled($0) == true) }
        if !skipped.isEmpty {
            lines += [
                "            \(skipped.joined(separator: " | ")))", "                ((i++))", "                ;;",
            ]
        }
        let isCommand = program.isCommandOptional ? "[[ -z $command ]] && ((i == 1))" : "[[ -z $command ]]"
        lines += [
            "            -*) ;;", "            *)", "                if \(isCommand); then",
            "                    command=${words[i]}",
        ]
        if countsArguments {
            lines += ["                else", "                    ((position++))"]
        }
        lines += ["                fi", "                ;;", "        esac", "    done", ""]
        let globalCases = valueCases(program.globalOptions, indent: "    ")
        lines += globalCases + (globalCases.isEmpty ? [] : [""])
        lines += ["    local options=''", "    case $command in", "        '')"]
        lines += valueCases(program.topOptions, indent: "            ")
        let commandTest = program.isCommandOptional ? "((cword == 1)) && [[ $cur != -* ]]" : "[[ $cur != -* ]]"
        lines += [
            "            if \(commandTest); then",
            "                mapfile -t COMPREPLY < <(compgen -W \"$commands\" -- \"$cur\")", "                return",
            "            fi",
            "            options=\(program.topOptions.flatMap(\.names).joined(separator: " ").shellQuoted)",
            "            ;;",
        ]
        let bodies = program.commands.map { command in
            valueCases(command.options, indent: "            ")
                + ["            options=\(command.options.flatMap(\.names).joined(separator: " ").shellQuoted)"]
        }
        for (names, body) in grouped(program.commands.map(\.name), bodies) {
            lines += ["        \(names.joined(separator: " | ")))"] + body + ["            ;;"]
        }
        let globals = program.globalOptions.flatMap(\.names).joined(separator: " ")
        // A program whose commands take no arguments offers its options on an empty word too.
        let takesArguments = program.commands.contains { !$0.arguments.isEmpty }
        let offer = reply("compgen -W \"$options\(globals.isEmpty ? "" : " " + globals)\"")
        lines.append("    esac")
        guard takesArguments else {
            lines += ["    " + offer, "} &&", "    complete -F \(function) \(program.name)", "", "# ex: filetype=sh"]
            return lines.joined(separator: "\n") + "\n"
        }
        lines += [
            "    if [[ $cur == -* ]]; then", "        " + offer, "        return", "    fi", "    case $command in",
        ]
        for (names, body) in grouped(program.commands.map(\.name), program.commands.map(argumentCases))
        where !body.isEmpty {
            lines += ["        \(names.joined(separator: " | ")))"] + body + ["            ;;"]
        }
        lines.append("    esac")
        lines += ["} &&", "    complete -F \(function) \(program.name)", "", "# ex: filetype=sh"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The function that offers the caller's places, asking the daemon on the socket given, if any: each name
    /// (quoted for the shell) and each id that begins with the word being completed.
    private var idFunction: [String] {
        [
            "# Offers the names and ids of the caller's places that begin with $2, asking the daemon (on the socket",
            "# given with --socket, if any).",
            "\(function)_places()", "{", "    local -a socket_option=()", "    local id name",
            "    [[ -n $1 ]] && socket_option=(--socket \"$1\")",
            "    while IFS=$'\\t' read -r id name; do",
            "        [[ $id == id ]] && continue",
            "        [[ -n $name && $name == \"$2\"* ]] && COMPREPLY+=(\"$(printf '%q' \"$name\")\")",
            "        [[ $id == \"$2\"* ]] && COMPREPLY+=(\"$id\")",
            "    done < <(\(program.name) \"${socket_option[@]}\" list --format tsv --fields id,name 2>/dev/null)",
            "}",
        ]
    }

    /// A `case $prev` completing the values of `options`, grouped by what completes them.
    private func valueCases(_ options: [OptionDeclaration], indent: String) -> [String] {
        var groups: [(CompletionKind, [String])] = []
        for option in options where option.takesValue {
            if let index = groups.firstIndex(where: { $0.0 == option.completion }) {
                groups[index].1 += option.names
            } else {
                groups.append((option.completion, option.names))
            }
        }
        guard !groups.isEmpty else { return [] }
        var lines = [indent + "case $prev in"]
        for (kind, names) in groups {
            lines.append(indent + "    " + names.joined(separator: " | ") + ")")
            lines += completion(kind).map { indent + "        " + $0 }
            lines += [indent + "        return", indent + "        ;;"]
        }
        return lines + [indent + "esac"]
    }

    /// A `case $position` completing a command's positional arguments, or nothing when none is completed.
    private func argumentCases(_ command: CommandDeclaration) -> [String] {
        let completed = command.arguments.enumerated().filter { $0.element.completion != .none }
        guard !completed.isEmpty else { return [] }
        var lines = ["            case $position in"]
        for (index, argument) in completed {
            lines.append("                \(index))")
            lines += completion(argument.completion).map { "                    " + $0 }
            lines.append("                    ;;")
        }
        return lines + ["            esac"]
    }

    /// The lines that fill COMPREPLY for `kind`.
    private func completion(_ kind: CompletionKind) -> [String] {
        switch kind {
        case .none: []
        case .file: [files("")]
        case .fileOrStandardInput: [files(""), "[[ - == \"$cur\"* ]] && COMPREPLY+=(-)"]
        case .directory: [files(" -d")]
        case .words(let words): [reply("compgen -W \(words.joined(separator: " ").shellQuoted)")]
        case .placeID: ["\(function)_places \"$socket\" \"$cur\""]
        case .group: [reply("compgen -g")]
        case .command: [reply("compgen -W \"$commands\"")]
        }
    }

    /// Completes file names (`-d`: directories) with bash-completion's `_filedir`, or `compgen` without it.
    private func files(_ directoriesOnly: String) -> String {
        let compgen = directoriesOnly.isEmpty ? "compgen -f" : "compgen -d"
        return "if declare -F _filedir >/dev/null; then _filedir\(directoriesOnly); else \(reply(compgen)); fi"
    }

    private func reply(_ generator: String) -> String {
        "mapfile -t COMPREPLY < <(\(generator) -- \"$cur\")"
    }
}
