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

    /// The value of a `rekey` or `migrate` option, which must not be empty.
    static func nonEmpty(_ value: String, spelling: String) throws(UsageError) -> String {
        guard !value.isEmpty else { throw UsageError("Option '\(spelling)' must not be empty.") }
        return value
    }
}
