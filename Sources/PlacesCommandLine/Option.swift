/// An option that takes a value of type `Value`, declared once: its spellings, placeholder, help, completion,
/// how its text becomes a value, and its default.
///
/// A command reads it through the declaration (`input[Options.ifVersion]`), so a misspelt option does not
/// compile and the value comes out typed.
public struct Option<Value: Sendable>: DeclaresOption {
    /// What the reader, the help and the completions see.
    public private(set) var declaration: OptionDeclaration
    /// The value when the option is not given, or nil.
    public let defaultValue: Value?
    /// The value `text` stands for, or nil when it is not one.
    let convert: @Sendable (String) -> Value?
    /// The usage error for text that is not a value: given the spelling used and the text.
    let refusal: @Sendable (_ spelling: String, _ text: String) -> String

    /// Declares an option whose text is converted by `convert`; `refusal` words the error for text it refuses.
    public init(
        _ names: [String], valueName: String, abstract: String, completion: CompletionKind = .none,
        defaultValue: Value? = nil, convert: @escaping @Sendable (String) -> Value?,
        refusal: @escaping @Sendable (_ spelling: String, _ text: String) -> String
    ) {
        declaration = OptionDeclaration(
            names: names, valueName: valueName, abstract: abstract, completion: completion)
        self.defaultValue = defaultValue
        self.convert = convert
        self.refusal = refusal
    }

    /// The same option, which the command cannot run without.
    public var required: Option {
        var copy = self
        copy.declaration.isRequired = true
        return copy
    }

    /// The same option excluding the others of `group`.
    public func excluding(group: String) -> Option {
        var copy = self
        copy.declaration.exclusiveGroup = group
        return copy
    }

    /// The same option with another help text, for a command where it means something narrower.
    /// The option, taking a value each time it is given (`--tag A --tag B`).
    public var repeatable: Option {
        var copy = self
        copy.declaration.isRepeatable = true
        return copy
    }

    /// The option with another help text.
    public func with(abstract: String) -> Option {
        var copy = self
        copy.declaration.abstract = abstract
        return copy
    }
}

extension Option where Value == String {
    /// Declares an option whose value is its text as given.
    public init(
        _ names: [String], valueName: String, abstract: String, completion: CompletionKind = .none,
        defaultValue: String? = nil
    ) {
        self.init(
            names, valueName: valueName, abstract: abstract, completion: completion, defaultValue: defaultValue,
            convert: { $0 }, refusal: { spelling, text in "\(spelling) cannot be '\(text)'" })
    }
}
