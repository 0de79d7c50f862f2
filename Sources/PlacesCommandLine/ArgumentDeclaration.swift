/// One positional argument of a command, declared as data.
public struct ArgumentDeclaration: Sendable, Equatable {
    /// The placeholder in usage and help (`ID`).
    public let name: String
    /// One sentence for the help.
    public let abstract: String
    /// Whether the command cannot run without it.
    public let isRequired: Bool
    /// What a shell completes for it.
    public let completion: CompletionKind
    /// Whether it takes every argument from here on (the last argument only: `TAG...`).
    public let isVariadic: Bool

    /// Declares an argument.
    public init(
        name: String, abstract: String, isRequired: Bool, completion: CompletionKind = .none, isVariadic: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.isRequired = isRequired
        self.completion = completion
        self.isVariadic = isVariadic
    }

    /// The argument as the usage line shows it (`ID`, `[PARAMS-JSON]` or `TAG...`).
    public var usageText: String {
        let text = isVariadic ? name + "..." : name
        return isRequired ? text : "[\(text)]"
    }
}
