/// One command of a program (`placesctl add`, `placesd rekey`): its name, help sentence, arguments and options.
public struct CommandDeclaration: Sendable, Equatable {
    /// The word on the command line.
    public let name: String
    /// One sentence, ending in a period.
    public let abstract: String
    /// The positional arguments, in order.
    public let arguments: [ArgumentDeclaration]
    /// The command's own options.
    public let options: [OptionDeclaration]

    /// Declares a command.
    public init(
        name: String, abstract: String, arguments: [ArgumentDeclaration] = [], options: [any DeclaresOption] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.arguments = arguments
        self.options = options.map(\.declaration)
    }

    /// The option spelled `spelling`, if this command has one.
    public func option(spelled spelling: String) -> OptionDeclaration? {
        options.first { $0.isSpelled(spelling) }
    }
}
