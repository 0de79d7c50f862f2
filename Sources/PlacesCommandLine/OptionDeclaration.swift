/// One option as the reader, the help and the completions see it, whatever the type of its value.
///
/// Programs declare options as `Option<Value>` or `Flag`, which carry one of these; the reader and the
/// completion scripts work on the declarations alone.
public struct OptionDeclaration: Sendable, Equatable {
    /// The spellings; the first is the one usage lines show (`--lat`, or `-o` before `--output`).
    public let names: [String]
    /// The value's placeholder in help (`LAT`), or nil for a flag.
    public let valueName: String?
    /// The help text: one or more sentences.
    public var abstract: String
    /// What a shell completes for the value.
    public let completion: CompletionKind
    /// Whether the command cannot run without it.
    public var isRequired: Bool
    /// Options sharing a group exclude each other (`--visited` and `--unvisited`).
    public var exclusiveGroup: String?
    /// Whether the option may be given more than once, each value kept (`--tag`).
    public var isRepeatable = false

    /// Declares an option; `valueName` nil makes it a flag.
    public init(
        names: [String], valueName: String?, abstract: String, completion: CompletionKind = .none,
        isRequired: Bool = false, exclusiveGroup: String? = nil
    ) {
        precondition(!names.isEmpty, "an option needs a spelling")
        self.names = names
        self.valueName = valueName
        self.abstract = abstract
        self.completion = valueName == nil ? .none : completion
        self.isRequired = isRequired
        self.exclusiveGroup = exclusiveGroup
    }

    /// The main spelling, used in messages and usage lines.
    public var name: String { names[0] }

    /// The key parsed values are kept under: the first long spelling without its dashes (`if-version`).
    public var key: String {
        let long = names.first { $0.hasPrefix("--") } ?? names[0]
        return String(long.drop { $0 == "-" })
    }

    /// Whether the option takes a value.
    public var takesValue: Bool { valueName != nil }

    /// Whether `spelling` is one of the option's names.
    public func isSpelled(_ spelling: String) -> Bool {
        names.contains(spelling)
    }

    /// The option as a usage line shows it, without brackets (`--lat LAT`).
    public var usageText: String {
        valueName.map { "\(name) \($0)" } ?? name
    }

    /// The option as its help line shows it (`--lat, --latitude LAT`).
    public var helpLabel: String {
        let spelled = names.joined(separator: ", ")
        return valueName.map { "\(spelled) \($0)" } ?? spelled
    }

    /// A short description for completion menus: the abstract's first sentence without parentheses or its period.
    public var summary: String {
        var sentence = abstract
        if let end = sentence.firstRange(of: ". ") {
            sentence = String(sentence[..<end.lowerBound])
        }
        var text = ""
        var depth = 0
        for character in sentence {
            if character == "(" {
                depth += 1
                if text.last == " " { text.removeLast() }
            } else if character == ")" {
                depth = max(depth - 1, 0)
            } else if depth == 0 {
                text.append(character)
            }
        }
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}

/// Anything that declares an option of a command: `Option<Value>` and `Flag`.
public protocol DeclaresOption: Sendable {
    /// The declaration the reader, the help and the completions use.
    var declaration: OptionDeclaration { get }
}

extension OptionDeclaration: DeclaresOption {
    /// The declaration itself.
    public var declaration: OptionDeclaration { self }
}
