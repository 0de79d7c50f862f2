/// Turns `placesctl`'s arguments into an `Invocation`, or a usage error.
///
/// Global options may come before or after the command; `--` ends the
/// options; an option that takes a value always takes the next argument
/// (so `--lat -33.9` works), or the text after `=` (`--lat=-33.9`).
struct CommandLineParser {
    /// The commands to recognise.
    let commands: [CommandSpec]

    /// Creates a parser for `commands`.
    init(commands: [CommandSpec] = CommandTable.all) {
        self.commands = commands
    }

    /// Parses `arguments` (without the program name).
    func parse(_ arguments: [String]) throws(CLIFailure) -> Invocation {
        var state = State()
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if !state.hasEndedOptions && token == "--" {
                state.hasEndedOptions = true
            } else if !state.hasEndedOptions && token.hasPrefix("-") && token.count > 1 {
                parseOption(token, arguments: arguments, index: &index, state: &state)
            } else if state.command != nil {
                state.arguments.append(token)
            } else if let command = commands.first(where: { $0.name == token }) {
                state.command = command
            } else {
                state.fail("unknown command '\(token)'")
                break
            }
        }
        return try finish(state)
    }

    /// What has been read so far.
    private struct State {
        var globals = GlobalOptions()
        var command: CommandSpec?
        var arguments: [String] = []
        var values: [String: CommandInput.OptionValue] = [:]
        var flags: Set<String> = []
        var hasEndedOptions = false
        var error: CLIFailure?

        /// Records the first usage error; parsing goes on so a later `--help` still wins.
        mutating func fail(_ message: String) {
            if error == nil {
                error = .usage(message, command: command?.name)
            }
        }
    }

    private func parseOption(_ token: String, arguments: [String], index: inout Int, state: inout State) {
        var spelling = token
        var inlineValue: String?
        if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
            spelling = String(token[..<equals])
            inlineValue = String(token[token.index(after: equals)...])
        }
        let global = GlobalOptions.spec(spelled: spelling)
        guard let spec = global ?? state.command?.option(spelled: spelling) else {
            if let command = state.command {
                state.fail("unknown option '\(spelling)' for '\(command.name)'")
            } else {
                state.fail("unknown option '\(spelling)'")
            }
            return
        }
        guard spec.takesValue else {
            if inlineValue != nil {
                state.fail("option '\(spelling)' takes no value")
            } else if global != nil {
                setGlobalFlag(spec.key, state: &state)
            } else {
                state.flags.insert(spec.key)
            }
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < arguments.count {
            value = arguments[index]
            index += 1
        } else {
            state.fail("option '\(spelling)' needs a value (\(spec.valueName ?? "VALUE"))")
            return
        }
        if global != nil {
            if state.globals.socketPath != nil {
                state.fail("option '\(spelling)' is given more than once")
            } else if value.isEmpty {
                state.fail("option '\(spelling)' needs a non-empty path")
            } else {
                state.globals.socketPath = value
            }
        } else if state.values[spec.key] != nil {
            state.fail("option '\(spelling)' is given more than once")
        } else {
            state.values[spec.key] = CommandInput.OptionValue(spelling: spelling, text: value)
        }
    }

    private func setGlobalFlag(_ key: String, state: inout State) {
        switch key {
        case "json": state.globals.isJSON = true
        case "help": state.globals.isHelpRequested = true
        case "version": state.globals.isVersionRequested = true
        default: state.fail("option '\(key)' is not handled")
        }
    }

    private func finish(_ state: State) throws(CLIFailure) -> Invocation {
        if state.globals.isHelpRequested {
            return state.command.map { .help(command: $0.name) } ?? .overview
        }
        if state.globals.isVersionRequested {
            return .version
        }
        if let error = state.error {
            throw error
        }
        guard let command = state.command else {
            throw .usage("missing command", command: nil)
        }
        let input = CommandInput(
            command: command, arguments: state.arguments, values: state.values, flags: state.flags)
        try check(input)
        var globals = state.globals
        globals.isJSON = globals.isJSON || command.impliesJSON
        return .run(input, globals)
    }

    /// Checks the counts of arguments, required options and exclusive groups.
    private func check(_ input: CommandInput) throws(CLIFailure) {
        let command = input.command
        if input.arguments.count > command.arguments.count {
            throw input.usageError("unexpected argument '\(input.arguments[command.arguments.count])'")
        }
        for (index, argument) in command.arguments.enumerated()
        where argument.isRequired && index >= input.arguments.count {
            throw input.usageError("missing argument \(argument.name)")
        }
        for option in command.options where option.isRequired && input.values[option.key] == nil {
            throw input.usageError("missing option '\(option.name)'")
        }
        var seen: [String: OptionSpec] = [:]
        for option in command.options {
            guard let group = option.exclusiveGroup,
                input.flags.contains(option.key) || input.values[option.key] != nil
            else { continue }
            if let other = seen[group] {
                throw input.usageError("options '\(other.name)' and '\(option.name)' cannot be used together")
            }
            seen[group] = option
        }
    }
}
