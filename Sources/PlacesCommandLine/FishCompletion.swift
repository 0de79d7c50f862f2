/// Writes a fish completion script from a program's declarations.
///
/// Global options complete everywhere, top options and the commands only before a command, a command's options
/// after it, and its positional arguments by their position (a function of the script counts them).
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
        // One line per option (or argument) for all the commands that share it.
        let options = program.commands.flatMap { command in command.options.map { (command.name, $0) } }
        if !options.isEmpty {
            lines.append("")
        }
        for (names, flags) in grouped(options.map(\.0), options.map { flags(for: $0.1) }) {
            let condition = "__fish_seen_subcommand_from \(names.joined(separator: " "))".fishQuoted
            lines.append("complete -c \(program.name) -n \(condition) \(flags)")
        }
        let positions = program.commands.flatMap { command in
            command.arguments.enumerated().filter { $0.element.completion != .none }.map {
                (command.name, Position(index: $0.offset, argument: $0.element))
            }
        }
        if !positions.isEmpty {
            lines.append("")
        }
        for (names, position) in grouped(positions.map(\.0), positions.map(\.1)) {
            let condition = "\(prefix)_argument \(position.index) \(names.joined(separator: " "))".fishQuoted
            lines.append(
                "complete -c \(name) -n \(condition) \(arguments(position.argument.completion, isOption: false))"
                    + " -d \(position.argument.abstract.withoutPeriod.fishQuoted)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A positional argument of a command, and where it is.
    private struct Position: Equatable {
        /// Its index among the command's arguments, from 0.
        let index: Int
        /// The declaration.
        let argument: ArgumentDeclaration
    }

    /// The `complete` line for `option`, offered when `condition` holds (always when nil).
    private func line(for option: OptionDeclaration, condition: String?) -> String {
        let parts = ["complete -c", program.name] + (condition.map { ["-n", $0] } ?? []) + [flags(for: option)]
        return parts.joined(separator: " ")
    }

    /// The flags of `complete` that describe `option`: its spellings, its values and its description.
    private func flags(for option: OptionDeclaration) -> String {
        var parts: [String] = []
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

    /// The function that prints the caller's places, asking the daemon: each name, described as a place, and
    /// each id, described by its name.
    private var idFunction: [String] {
        [
            "# Prints the names of the caller's places and their ids, each with a description, asking the daemon.",
            "function \(prefix)_ids",
            "    set -l tokens (commandline -opc)", "    set -l socket_option",
            "    if set -l index (contains -i -- --socket $tokens)",
            "        set socket_option --socket $tokens[(math $index + 1)]", "    end",
            "    \(program.name) $socket_option list --format tsv --fields id,name 2>/dev/null | tail -n +2 |",
            "        while read -l -d \\t id name",
            "            printf '%s\\tplace\\n%s\\t%s\\n' $name $id $name",
            "        end",
            "end",
        ]
    }

    /// The function that succeeds when the line's command is its first argument and as many positional arguments
    /// as its second follow it.
    private var argumentFunction: [String] {
        [
            "# Succeeds when $argv[1] arguments follow the command on the line, and it is one of $argv[2..].",
            "function \(prefix)_argument", "    set -l tokens (commandline -opc)", "    set -e tokens[1]",
            "    set -l command", "    set -l count 0", "    set -l skip 0", "    for token in $tokens",
            "        if test $skip = 1", "            set skip 0",
            "        else if contains -- $token \(program.valueSpellings.joined(separator: " "))",
            "            set skip 1", "        else if string match -q -- '-*' $token", "            continue",
            "        else if test -z \"$command\"", "            set command $token", "        else",
            "            set count (math $count + 1)", "        end", "    end",
            "    test $count = $argv[1]; and contains -- \"$command\" $argv[2..-1]", "end",
        ]
    }
}
