/// A shell whose completion script can be made from a program's declarations.
public enum CompletionShell: String, Sendable, CaseIterable {
    /// bash, with the bash-completion package's helpers.
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

extension String {
    /// The text in single quotes for sh, bash and zsh: `it's` becomes `'it'\''s'`.
    var shellQuoted: String {
        "'" + replacing("'", with: "'\\''") + "'"
    }

    /// The text with its first letter in lower case, as zsh's descriptions are written.
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
