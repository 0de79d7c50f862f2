/// One positional argument of a command, declared as data.
struct ArgumentSpec: Sendable {
    /// The placeholder in usage and help (`ID`).
    let name: String
    /// One sentence for the help.
    let abstract: String
    /// Whether the command cannot run without it.
    let isRequired: Bool

    /// The argument as the usage line shows it (`ID` or `[PARAMS-JSON]`).
    var usageText: String {
        isRequired ? name : "[\(name)]"
    }
}
