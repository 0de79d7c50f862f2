/// One option a command (or every command) accepts, declared as data.
struct OptionSpec: Sendable {
    /// The spellings; the first is the one usage lines and messages show (`--lat`, or `-o` before `--output`).
    let names: [String]
    /// The key the parsed value is stored under.
    let key: String
    /// The value's placeholder in help (`LAT`), or nil for a flag.
    let valueName: String?
    /// One sentence for the help.
    let abstract: String
    /// Whether the command cannot run without it.
    let isRequired: Bool
    /// Options sharing a group exclude each other (`--visited` and `--unvisited`).
    let exclusiveGroup: String?

    /// Declares an option that takes a value.
    static func value(
        _ names: [String], key: String, valueName: String, abstract: String, isRequired: Bool = false,
        exclusiveGroup: String? = nil
    ) -> OptionSpec {
        OptionSpec(
            names: names, key: key, valueName: valueName, abstract: abstract, isRequired: isRequired,
            exclusiveGroup: exclusiveGroup)
    }

    /// Declares a flag.
    static func flag(_ names: [String], key: String, abstract: String, exclusiveGroup: String? = nil) -> OptionSpec {
        OptionSpec(
            names: names, key: key, valueName: nil, abstract: abstract, isRequired: false,
            exclusiveGroup: exclusiveGroup)
    }

    /// The main spelling, used in messages and usage lines.
    var name: String { names[0] }

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// The option as the usage line shows it, without brackets (`--lat LAT`).
    var usageText: String {
        valueName.map { "\(name) \($0)" } ?? name
    }

    /// The option as its help line shows it (`--lat, --latitude LAT`).
    var helpLabel: String {
        let spelled = names.joined(separator: ", ")
        return valueName.map { "\(spelled) \($0)" } ?? spelled
    }
}
