/// Writes a zsh completion script (for `compinit`'s `fpath`) from a program's declarations.
///
/// The program's own `_arguments` takes the global and top options and the command; each command's
/// `_arguments` takes its options, the global ones again, and its positional arguments.
struct ZshCompletion {
    /// The program described.
    let program: ProgramDeclaration

    private var function: String { "_" + program.name.replacing("-", with: "_") }

    /// The script.
    var script: String {
        var lines = ["#compdef \(program.name)", "# zsh completion for \(program.name).", program.generatedNotice, ""]
        if program.completesPlaceIDs {
            lines += idFunction + [""]
        }
        lines += [
            "\(function)() {", "  local curcontext=$curcontext state line ret=1", "  typeset -A opt_args",
            "  local -a global_options",
        ]
        if !program.globalOptions.isEmpty {
            lines.append("  global_options=(")
            lines += program.globalOptions.map { "    " + spec($0, among: program.globalOptions) }
            lines.append("  )")
        }
        lines += ["", "  _arguments -C \\", "    $global_options \\"]
        lines += program.topOptions.map { "    " + spec($0, among: program.topOptions) + " \\" }
        lines += [
            "    '1:\(program.isCommandOptional ? ":" : "")command:->command' \\",
            "    '*::argument:->argument' && ret=0",
        ]
        if program.completesPlaceIDs, program.socketOption != nil {
            lines += [
                "  # The command's own _arguments replaces opt_args: keep a --socket given before the command.",
                "  local \(function)_socket=${opt_args[--socket]}",
            ]
        }
        lines += ["", "  case $state in", "    command)", "      local -a commands", "      commands=("]
        lines += program.commands.map {
            "        " + "\($0.name):\($0.abstract.lowercasedFirst.withoutPeriod)".shellQuoted
        }
        lines += [
            "      )", "      _describe -t commands \("\(program.name) command".shellQuoted) commands && ret=0",
            "      ;;",
            "    argument)", "      curcontext=${curcontext%:*:*}:\(program.name)-$words[1]:",
            "      case $words[1] in",
        ]
        let allSpecs = program.commands.map { command in
            command.options.map { spec($0, among: command.options) }
                + command.arguments.enumerated().map { argumentSpec($0.element, position: $0.offset + 1) }
        }
        for (names, specs) in grouped(program.commands.map(\.name), allSpecs) {
            lines.append("        \(names.joined(separator: "|")))")
            lines.append("          _arguments $global_options" + (specs.isEmpty ? " && ret=0" : " \\"))
            for (index, spec) in specs.enumerated() {
                lines.append("            " + spec + (index == specs.count - 1 ? " && ret=0" : " \\"))
            }
            lines.append("          ;;")
        }
        lines += ["      esac", "      ;;", "  esac", "  return ret", "}", "", "\(function) \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The function that offers the caller's places, asking the daemon: their names, and their ids with the
    /// names as descriptions.
    private var idFunction: [String] {
        [
            "# Completes the names of the caller's places, and their ids described by their names, asking the daemon.",
            "\(function)_ids() {",
            "  local -a lines ids names socket_option expl", "  local line tab=$'\\t' ret=1",
            "  local socket=${opt_args[--socket]:-$\(function)_socket}",
            "  [[ -n $socket ]] && socket_option=(--socket $socket)",
            "  lines=(${(f)\"$(_call_program places \(program.name) $socket_option list --format tsv --fields id,name \\",
            "    2>/dev/null)\"})",
            "  for line in ${lines[2,-1]}; do",
            "    ids+=(\"${line%%$tab*}:${${line#*$tab}//:/\\\\:}\")",
            "    names+=(\"${line#*$tab}\")",
            "  done",
            "  _wanted place-names expl 'place name' compadd -a names && ret=0",
            "  _describe -t ids 'place id' ids && ret=0",
            "  return ret",
            "}",
        ]
    }

    /// An `_arguments` spec for `option`, excluding its other spellings and the options of its group.
    private func spec(_ option: OptionDeclaration, among options: [OptionDeclaration]) -> String {
        var excluded = option.names
        if let group = option.exclusiveGroup {
            excluded += options.filter { $0.exclusiveGroup == group && $0 != option }.flatMap(\.names)
        }
        let exclusion = excluded.count > 1 ? "(\(excluded.joined(separator: " ")))".shellQuoted : ""
        let spellings = option.names.map { name in
            guard option.takesValue else { return name }
            return name.hasPrefix("--") ? name + "=" : name + "+"
        }
        let spelled = spellings.count > 1 ? "{\(spellings.joined(separator: ","))}" : spellings[0]
        var tail = "[\(bracketed(option.summary.lowercasedFirst))]"
        if let valueName = option.valueName {
            tail += ":\(valueName.lowercased()):\(action(option.completion))"
        }
        return exclusion + spelled + tail.shellQuoted
    }

    /// An `_arguments` spec for the positional argument at `position` (from 1).
    private func argumentSpec(_ argument: ArgumentDeclaration, position: Int) -> String {
        let optional = argument.isRequired ? "" : ":"
        let message = argument.name.lowercased().replacing(":", with: "\\:")
        return "\(position):\(optional)\(message):\(action(argument.completion))".shellQuoted
    }

    /// What `_arguments` runs to complete a value of `kind`.
    private func action(_ kind: CompletionKind) -> String {
        switch kind {
        case .none: " "
        case .file, .fileOrStandardInput: "_files"
        case .directory: "_files -/"
        case .words(let words): "(\(words.joined(separator: " ")))"
        case .placeID: "\(function)_ids"
        case .group: "_groups"
        case .command: "(\(program.commands.map(\.name).joined(separator: " ")))"
        }
    }

    /// `text` inside `[...]` of a spec: brackets escaped.
    private func bracketed(_ text: String) -> String {
        text.replacing("[", with: "\\[").replacing("]", with: "\\]")
    }
}
