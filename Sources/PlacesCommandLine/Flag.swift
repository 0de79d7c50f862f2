/// An option without a value, declared once: its spellings, help, and the options it excludes.
public struct Flag: DeclaresOption {
    /// What the reader, the help and the completions see.
    public private(set) var declaration: OptionDeclaration

    /// Declares a flag.
    public init(_ names: [String], abstract: String, exclusiveGroup: String? = nil) {
        declaration = OptionDeclaration(
            names: names, valueName: nil, abstract: abstract, exclusiveGroup: exclusiveGroup)
    }

    /// The same flag with another help text, for a command where it means something narrower.
    public func with(abstract: String) -> Flag {
        var copy = self
        copy.declaration.abstract = abstract
        return copy
    }
}
