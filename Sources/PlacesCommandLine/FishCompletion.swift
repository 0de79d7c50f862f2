/// Writes a fish completion script from a program's declarations.
///
/// Global options complete everywhere, top options and the commands only before a command, a command's options
/// after it, and its positional arguments by their position (a helper function counts them).
struct FishCompletion {
    /// The program described.
    let program: ProgramDeclaration

    private var prefix: String { "__" + program.name.replacing("-", with: "_") }

    /// The script.
    var script: String {
        let name = program.name
        var lines = [
            "# fish completion for \(name).", program.generatedNotice, "",
            "set -l commands \(program.commands.map(\.name).joined(separator: " "))", "",
        ]
        if program.completesPlaceIDs {
            lines += idFunction + [""]
        }
        let hasArguments = program.commands.contains { !$0.arguments.isEmpty }
        if hasArguments {
            lines += argumentFunction + [""]
        }
        lines.append("complete -c \(name) -f")
        lines += program.globalOptions.map { line(for: $0, condition: nil) }
        let beforeCommand = "\"not __fish_seen_subcommand_from $commands\""
        lines += program.topOptions.map { line(for: $0, condition: beforeCommand) }
        lines.append("")
        for command in program.commands {
            lines.append(
                "complete -c \(name) -n \(beforeCommand) -a \(command.name) -d \(command.abstract.withoutPeriod.fishQuoted)"
            )
        }
        for command in program.commands {
            lines.append("")
            let seen = "__fish_seen_subcommand_from \(command.name)".fishQuoted
            lines += command.options.map { line(for: $0, condition: seen) }
            for (index, argument) in command.arguments.enumerated() where argument.completion != .none {
                let condition = "\(prefix)_argument \(command.name) \(index)".fishQuoted
                lines.append(
                    "complete -c \(name) -n \(condition) \(arguments(argument.completion, isOption: false))"
                        + " -d \(argument.abstract.withoutPeriod.fishQuoted)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `complete` line for `option`, offered when `condition` holds (always when nil).
    private func line(for option: OptionDeclaration, condition: String?) -> String {
        var parts = ["complete -c", program.name]
        if let condition {
            parts += ["-n", condition]
        }
        for name in option.names {
            parts.append(name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())")
        }
        if option.takesValue {
            parts.append(arguments(option.completion, isOption: true))
        }
        parts += ["-d", option.summary.fishQuoted]
        return parts.joined(separator: " ")
    }

    /// The flags of `complete` that offer values of `kind`; an option's value is required (`-r`, or `-x` when no
    /// file names are offered).
    private func arguments(_ kind: CompletionKind, isOption: Bool) -> String {
        let values: String
        switch kind {
        case .none: values = ""
        case .file: values = "-F"
        case .fileOrStandardInput: values = "-F -a -"
        case .directory: values = "-a '(__fish_complete_directories)'"
        case .words(let words): values = "-a \(words.joined(separator: " ").fishQuoted)"
        case .placeID: values = "-a '(\(prefix)_ids)'"
        case .group: values = "-a '(__fish_complete_groups)'"
        case .command: values = "-a \"$commands\""
        }
        guard isOption else { return values }
        let offersFiles = kind == .file || kind == .fileOrStandardInput
        return ([offersFiles ? "-r" : "-x"] + (values.isEmpty ? [] : [values])).joined(separator: " ")
    }

    /// The function that prints the ids of the caller's places, asking the daemon.
    private var idFunction: [String] {
        [
            "# Prints the ids of the caller's places, asking the daemon.", "function \(prefix)_ids",
            "    set -l tokens (commandline -opc)", "    set -l socket_option",
            "    if set -l index (contains -i -- --socket $tokens)",
            "        set socket_option --socket $tokens[(math $index + 1)]", "    end",
            "    \(program.name) $socket_option --json list 2>/dev/null | string match -ar '\"id\":\"[0-9a-fA-F-]*\"' | string split -f4 '\"'",
            "end",
        ]
    }

    /// The function that succeeds when the line's command is its first argument and as many positional arguments
    /// as its second follow it.
    private var argumentFunction: [String] {
        [
            "# Succeeds when the command on the line is $argv[1] and $argv[2] of its arguments are given.",
            "function \(prefix)_argument", "    set -l tokens (commandline -opc)", "    set -e tokens[1]",
            "    set -l command", "    set -l count 0", "    set -l skip 0", "    for token in $tokens",
            "        if test $skip = 1", "            set skip 0",
            "        else if contains -- $token \(program.valueSpellings.joined(separator: " "))",
            "            set skip 1", "        else if string match -q -- '-*' $token", "            continue",
            "        else if test -z \"$command\"", "            set command $token", "        else",
            "            set count (math $count + 1)", "        end", "    end",
            "    test \"$command\" = $argv[1]; and test $count = $argv[2]", "end",
        ]
    }
}

extension String {
    /// The text in single quotes for fish: `it's` becomes `'it\'s'`.
    var fishQuoted: String {
        "'" + replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
