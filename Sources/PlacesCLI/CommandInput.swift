import PlacesProtocol

/// A command's parsed arguments and options, with conversions that report usage errors.
struct CommandInput {
    /// An option's value and how the user spelled the option.
    struct OptionValue: Equatable, Sendable {
        /// The spelling used (`--latitude`), for messages.
        let spelling: String
        /// The value as given.
        let text: String
    }

    /// The command being run.
    let command: CommandSpec
    /// The positional arguments, in order.
    let arguments: [String]
    /// Option values by key.
    let values: [String: OptionValue]
    /// The keys of flags given.
    let flags: Set<String>

    /// The positional argument at `index`, if given.
    func argument(_ index: Int) -> String? {
        index < arguments.count ? arguments[index] : nil
    }

    /// The text of option `key`, if given.
    func text(_ key: String) -> String? {
        values[key]?.text
    }

    /// Whether flag `key` was given.
    func isSet(_ key: String) -> Bool {
        flags.contains(key)
    }

    /// The value of option `key` as a finite decimal number, if given.
    func number(_ key: String) throws(CLIFailure) -> Double? {
        guard let value = values[key] else { return nil }
        guard let number = NumberSyntax.finiteDouble(value.text) else {
            throw usageError("\(value.spelling) expects a number, got '\(value.text)'")
        }
        return number
    }

    /// The value of option `key` as a whole number, if given.
    func integer(_ key: String) throws(CLIFailure) -> Int64? {
        guard let value = values[key] else { return nil }
        guard let number = Int64(value.text) else {
            throw usageError("\(value.spelling) expects a whole number, got '\(value.text)'")
        }
        return number
    }

    /// A usage error that points at this command's help.
    func usageError(_ message: String) -> CLIFailure {
        .usage(message, command: command.name)
    }
}

extension CommandInput: Equatable {
    /// Compares everything but the handler.
    static func == (lhs: CommandInput, rhs: CommandInput) -> Bool {
        lhs.command.name == rhs.command.name && lhs.arguments == rhs.arguments && lhs.values == rhs.values
            && lhs.flags == rhs.flags
    }
}
