/// The options a command line gave: each value with the spelling used, and the flags set.
public struct OptionValues: Sendable, Equatable {
    /// An option's value and how the user spelled the option.
    public struct Entry: Equatable, Sendable {
        /// The spelling used (`--latitude`), for messages.
        public let spelling: String
        /// The value as given.
        public let text: String
    }

    /// Values by their option's key (`OptionDeclaration.key`).
    public private(set) var values: [String: Entry] = [:]
    /// The keys of the flags given.
    public private(set) var flags: Set<String> = []
    /// Every value of a repeatable option, in order, by its key (the first is also in `values`).
    public private(set) var repeated: [String: [Entry]] = [:]

    /// No options.
    public init() {}

    /// Records `text` for `option`, as spelled; false when the option already has a value and is not repeatable.
    @discardableResult
    public mutating func set(_ option: OptionDeclaration, spelling: String, text: String) -> Bool {
        if option.isRepeatable {
            repeated[option.key, default: []].append(Entry(spelling: spelling, text: text))
            if values[option.key] != nil { return true }
        }
        guard values[option.key] == nil else { return false }
        values[option.key] = Entry(spelling: spelling, text: text)
        return true
    }

    /// Records that flag `option` was given.
    public mutating func set(_ option: OptionDeclaration) {
        flags.insert(option.key)
    }

    /// Whether `option` was given, flag or value.
    public func contains(_ option: OptionDeclaration) -> Bool {
        flags.contains(option.key) || values[option.key] != nil
    }

    /// Whether `flag` was given.
    public subscript(flag: Flag) -> Bool {
        flags.contains(flag.declaration.key)
    }

    /// The value and spelling of `option` as given, if it was.
    public func entry<Value>(_ option: Option<Value>) -> Entry? {
        values[option.declaration.key]
    }

    /// Every value of a repeatable `option`, converted, in the order given; empty when it was not given.
    public func values<Value>(_ option: Option<Value>) throws(OptionValueError) -> [Value] {
        var converted: [Value] = []
        for entry in repeated[option.declaration.key] ?? entry(option).map({ [$0] }) ?? [] {
            guard let value = option.convert(entry.text) else {
                throw OptionValueError(message: option.refusal(entry.spelling, entry.text))
            }
            converted.append(value)
        }
        return converted
    }

    /// The value of `option`: converted from what was given, else its default; the error is the sentence saying
    /// why the text given is not a value.
    public func value<Value>(_ option: Option<Value>) throws(OptionValueError) -> Value? {
        guard let entry = entry(option) else { return option.defaultValue }
        guard let value = option.convert(entry.text) else {
            throw OptionValueError(message: option.refusal(entry.spelling, entry.text))
        }
        return value
    }
}

/// An option's text that is not a value of its type; `message` says so (`--lat expects a number, got 'x'`).
public struct OptionValueError: Error, Sendable, Equatable {
    /// The sentence, without a final period.
    public let message: String

    /// An error saying `message`.
    public init(message: String) {
        self.message = message
    }
}
