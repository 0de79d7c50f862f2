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

    /// Declares an argument.
    public init(name: String, abstract: String, isRequired: Bool, completion: CompletionKind = .none) {
        self.name = name
        self.abstract = abstract
        self.isRequired = isRequired
        self.completion = completion
    }

    /// The argument as the usage line shows it (`ID` or `[PARAMS-JSON]`).
    public var usageText: String {
        isRequired ? name : "[\(name)]"
    }
}
