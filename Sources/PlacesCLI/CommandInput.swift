import PlacesCommandLine
import PlacesProtocol

/// A command's parsed arguments and options, read through the options' declarations.
struct CommandInput {
    /// An option's value and how the user spelled the option.
    typealias OptionValue = OptionValues.Entry

    /// The command being run.
    let command: CommandSpec
    /// The positional arguments, in order.
    let arguments: [String]
    /// The options given.
    let options: OptionValues

    /// Option values by key.
    var values: [String: OptionValue] { options.values }
    /// The keys of flags given.
    var flags: Set<String> { options.flags }

    /// The positional argument at `index`, if given.
    func argument(_ index: Int) -> String? {
        index < arguments.count ? arguments[index] : nil
    }

    /// Whether `flag` was given.
    subscript(flag: Flag) -> Bool {
        options[flag]
    }

    /// The value of `option`, if given (else its default); text that is not a value is a usage error.
    subscript<Value>(option: Option<Value>) -> Value? {
        get throws(CLIFailure) {
            do {
                return try options.value(option)
            } catch {
                throw usageError(error.message)
            }
        }
    }

    /// Every value of a repeatable `option`, in order; text that is not a value is a usage error.
    func all<Value>(_ option: Option<Value>) throws(CLIFailure) -> [Value] {
        do {
            return try options.values(option)
        } catch {
            throw usageError(error.message)
        }
    }

    /// The positional arguments from `index` on (a variadic argument's values).
    func arguments(from index: Int) -> [String] {
        index < arguments.count ? Array(arguments[index...]) : []
    }

    /// Whether `option` was given, whatever its value.
    func isGiven(_ option: some DeclaresOption) -> Bool {
        options.contains(option.declaration)
    }

    /// A usage error that points at this command's help.
    func usageError(_ message: String) -> CLIFailure {
        .usage(message, command: command.name)
    }
}

extension CommandInput: Equatable {
    /// Compares everything but the handler.
    static func == (lhs: CommandInput, rhs: CommandInput) -> Bool {
        lhs.command.name == rhs.command.name && lhs.arguments == rhs.arguments && lhs.options == rhs.options
    }
}
