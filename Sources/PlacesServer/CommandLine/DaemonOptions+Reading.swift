import PlacesCommandLine

extension DaemonOptions {
    /// The option a token names, as spelled, with its value ("" for a flag); a usage error for anything else.
    ///
    /// `command` names the command (`rekey`) whose options are read, for the message about an unknown one.
    static func read(
        _ token: ArgumentReader.Token, command: String?
    ) throws(UsageError) -> (option: OptionDeclaration, spelling: String, value: String) {
        switch token {
        case .option(let option, let spelling, let value):
            return (option, spelling, option.takesValue ? value ?? "" : "")
        case .missingValue(_, let spelling):
            throw UsageError("Option '\(spelling)' needs a value.")
        case .unknownOption(_, let text), .argument(let text):
            throw UsageError("Unknown option '\(text)'\(command.map { " for 'placesd \($0)'" } ?? "").")
        }
    }

    /// Reads the options of `command` (`rekey`, `migrate`) from `arguments`, giving `handle` each option and a
    /// function that returns its value, which must not be empty; false when `--help` asks for the help instead.
    ///
    /// A command that declares positional arguments (`restore FILE`) gets each, in order, through `argument`;
    /// for one that declares none, every word is an option.
    static func readOptions(
        of command: CommandDeclaration, from arguments: ArraySlice<String>,
        argument: ((String) throws(UsageError) -> Void)? = nil,
        _ handle: (OptionDeclaration, () throws(UsageError) -> String) throws(UsageError) -> Void
    ) throws(UsageError) -> Bool {
        var reader = ArgumentReader(
            arguments, doubleDashEndsOptions: !command.arguments.isEmpty,
            everyArgumentIsAnOption: command.arguments.isEmpty)
        while let token = reader.next(options: command.option(spelled:)) {
            if case .argument(let text) = token, let argument {
                try argument(text)
                continue
            }
            let (option, spelling, text) = try read(token, command: command.name)
            guard option != help.declaration else { return false }
            try handle(option) { () throws(UsageError) in
                guard !text.isEmpty else { throw UsageError("Option '\(spelling)' must not be empty.") }
                return text
            }
        }
        return true
    }
}
