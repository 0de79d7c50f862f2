/// Reads a command line's arguments one at a time: `--name value` and `--name=value` alike.
struct ArgumentReader {
    /// One argument as read: the whole word, the option name before any `=`, and the value after it.
    struct Argument {
        /// The argument as written.
        let text: String
        /// `--name` of `--name=value`, else the whole argument.
        let name: String
        /// `value` of `--name=value`, else nil.
        let inlineValue: String?
    }

    private var remaining: ArraySlice<String>

    /// Reads `arguments` in order.
    init(_ arguments: ArraySlice<String>) {
        remaining = arguments
    }

    /// The next argument, or nil at the end.
    mutating func next() -> Argument? {
        guard let text = remaining.popFirst() else { return nil }
        if text.hasPrefix("--"), let equals = text.firstIndex(of: "=") {
            return Argument(
                text: text, name: String(text[..<equals]), inlineValue: String(text[text.index(after: equals)...]))
        }
        return Argument(text: text, name: text, inlineValue: nil)
    }

    /// The value of option `argument`: its inline value, else the next argument.
    mutating func value(of argument: Argument) throws(UsageError) -> String {
        if let inlineValue = argument.inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else { throw UsageError("Option '\(argument.name)' needs a value.") }
        return next
    }

    /// The value of option `argument`, as `value(of:)` reads it, which must not be empty.
    mutating func nonEmptyValue(of argument: Argument) throws(UsageError) -> String {
        let text = try value(of: argument)
        guard !text.isEmpty else { throw UsageError("Option '\(argument.name)' must not be empty.") }
        return text
    }
}
