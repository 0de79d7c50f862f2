import PlacesCommandLine

/// Turns `placesctl`'s arguments into an `Invocation`, or a usage error.
///
/// Global options may come before or after the command; `--` ends the
/// options; an option that takes a value always takes the next argument
/// (so `--lat -33.9` works), or the text after `=` (`--lat=-33.9`); a negative number no option spells is an
/// argument (`add "Big Ben" 51.5007 -0.1246`). A mistyped command or option gets a "did you mean …?".
struct CommandLineParser {
    /// The commands to recognise.
    let commands: [CommandSpec]

    /// Creates a parser for `commands`.
    init(commands: [CommandSpec] = CommandTable.all) {
        self.commands = commands
    }

    /// Parses `arguments` (without the program name).
    func parse(_ arguments: [String]) throws(CLIFailure) -> Invocation {
        var globals = GlobalOptions()
        return try parse(arguments, globals: &globals)
    }

    /// Parses `arguments` (without the program name); `globals` holds the global options read, even when parsing
    /// fails, so that the failure can be printed as `--json` and `--color` ask (`isJSON` is also set when the
    /// command implies it).
    func parse(_ arguments: [String], globals: inout GlobalOptions) throws(CLIFailure) -> Invocation {
        var state = State()
        defer {
            globals = state.globals
            globals.isJSON = globals.isJSON || state.command?.impliesJSON == true
        }
        var reader = ArgumentReader(arguments[...], negativeNumbersAreArguments: true)
        while let token = reader.next(options: { spelling in
            GlobalOptions.spec(spelled: spelling) ?? state.command?.option(spelled: spelling)
        }) {
            switch token {
            case .option(let option, let spelling, let value):
                read(option, spelling: spelling, value: value, state: &state)
            case .missingValue(let option, let spelling):
                state.fail("option '\(spelling)' needs a value (\(option.valueName ?? "VALUE"))")
            case .unknownOption(let spelling, _):
                let known = (GlobalOptions.specs + (state.command?.options ?? [GlobalOptions.versionSpec]))
                    .flatMap(\.names)
                let hint = Suggestion.hint(for: spelling, among: known)
                if let command = state.command {
                    state.fail("unknown option '\(spelling)' for '\(command.name)'\(hint)")
                } else {
                    state.fail("unknown option '\(spelling)'\(hint)")
                }
            case .argument(let text):
                if state.command != nil {
                    state.arguments.append(text)
                } else if let command = commands.first(where: { $0.name == text }) {
                    state.command = command
                } else {
                    state.fail("unknown command '\(text)'\(Suggestion.hint(for: text, among: commands.map(\.name)))")
                    return try finish(state)
                }
            }
        }
        return try finish(state)
    }

    /// What has been read so far.
    private struct State {
        var globals = GlobalOptions()
        var command: CommandSpec?
        var arguments: [String] = []
        var options = OptionValues()
        /// The global options' values as given, to refuse one given twice.
        var globalValues = OptionValues()
        var error: CLIFailure?

        /// Records the first usage error; parsing goes on so a later `--help` still wins.
        mutating func fail(_ message: String) {
            if error == nil {
                error = .usage(message, command: command?.name)
            }
        }
    }

    private func read(_ option: OptionDeclaration, spelling: String, value: String?, state: inout State) {
        let isGlobal = GlobalOptions.spec(spelled: spelling) != nil
        guard option.takesValue else {
            if value != nil {
                state.fail("option '\(spelling)' takes no value")
            } else if isGlobal {
                setGlobalFlag(option, state: &state)
            } else {
                state.options.set(option)
            }
            return
        }
        let value = value ?? ""
        if isGlobal {
            setGlobalValue(option, spelling: spelling, value: value, state: &state)
        } else if !state.options.set(option, spelling: spelling, text: value) {
            state.fail("option '\(spelling)' is given more than once")
        }
    }

    private func setGlobalValue(_ option: OptionDeclaration, spelling: String, value: String, state: inout State) {
        guard state.globalValues.set(option, spelling: spelling, text: value) else {
            return state.fail("option '\(spelling)' is given more than once")
        }
        switch option {
        case GlobalOptions.socket.declaration:
            if value.isEmpty {
                state.fail("option '\(spelling)' needs a non-empty path")
            } else {
                state.globals.socketPath = value
            }
        case GlobalOptions.color.declaration:
            do {
                state.globals.color = try state.globalValues.value(GlobalOptions.color) ?? .auto
            } catch {
                state.fail(error.message)
            }
        default:
            state.fail("option '\(option.name)' is not handled")
        }
    }

    private func setGlobalFlag(_ option: OptionDeclaration, state: inout State) {
        switch option {
        case GlobalOptions.json.declaration: state.globals.isJSON = true
        case GlobalOptions.noPager.declaration: state.globals.isPagerDisabled = true
        case GlobalOptions.help.declaration: state.globals.isHelpRequested = true
        case GlobalOptions.version.declaration: state.globals.isVersionRequested = true
        default: state.fail("option '\(option.name)' is not handled")
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
            return .bare
        }
        let input = CommandInput(command: command, arguments: state.arguments, options: state.options)
        try check(input)
        var globals = state.globals
        globals.isJSON = globals.isJSON || command.impliesJSON
        return .run(input, globals)
    }

    /// Checks the counts of arguments, required options and exclusive groups.
    private func check(_ input: CommandInput) throws(CLIFailure) {
        let command = input.command
        if input.arguments.count > command.arguments.count, command.arguments.last?.isVariadic != true {
            throw input.usageError("unexpected argument '\(input.arguments[command.arguments.count])'")
        }
        for (index, argument) in command.arguments.enumerated()
        where argument.isRequired && index >= input.arguments.count {
            throw input.usageError("missing argument \(argument.name)")
        }
        for option in command.options where option.isRequired && !input.options.contains(option) {
            throw input.usageError("missing option '\(option.name)'")
        }
        var seen: [String: OptionDeclaration] = [:]
        for option in command.options {
            guard let group = option.exclusiveGroup, input.options.contains(option) else { continue }
            if let other = seen[group] {
                throw input.usageError("options '\(other.name)' and '\(option.name)' cannot be used together")
            }
            seen[group] = option
        }
    }
}
