/// A shell whose completion script can be made from a program's declarations.
public enum CompletionShell: String, Sendable, CaseIterable {
    /// bash, with the bash-completion package's functions.
    case bash
    /// zsh's completion system.
    case zsh
    /// fish.
    case fish

    /// The script's file name in the repository's `completions/` folder (`placesctl.bash`, `_placesctl`).
    public func fileName(for program: ProgramDeclaration) -> String {
        switch self {
        case .bash: "\(program.name).bash"
        case .zsh: "_\(program.name)"
        case .fish: "\(program.name).fish"
        }
    }

    /// The completion script for `program`.
    public func script(for program: ProgramDeclaration) -> String {
        switch self {
        case .bash: BashCompletion(program: program).script
        case .zsh: ZshCompletion(program: program).script
        case .fish: FishCompletion(program: program).script
        }
    }
}

extension ProgramDeclaration {
    /// Whether anything completes to a place id, so the script needs the function that lists them.
    var completesPlaceIDs: Bool {
        let kinds = allOptions.map(\.completion) + commands.flatMap(\.arguments).map(\.completion)
        return kinds.contains(.placeID)
    }

    /// The line every script carries under its first, saying where it comes from.
    var generatedNotice: String {
        "# Made from \(name)'s option declarations by 'make completions'; edit those, not this file."
    }

    /// The option that names the daemon's socket, which listing place ids must pass on.
    var socketOption: OptionDeclaration? {
        globalOptions.first { $0.isSpelled("--socket") }
    }
}

/// `values` grouped by equality, in the order each first appears, each with the names that have it.
func grouped<Value: Equatable>(_ names: [String], _ values: [Value]) -> [(names: [String], value: Value)] {
    var groups: [(names: [String], value: Value)] = []
    for (name, value) in zip(names, values) {
        if let index = groups.firstIndex(where: { $0.value == value }) {
            groups[index].names.append(name)
        } else {
            groups.append(([name], value))
        }
    }
    return groups
}
