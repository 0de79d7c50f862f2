/// A whole program's command line as data, what the completion scripts are made from.
public struct ProgramDeclaration: Sendable, Equatable {
    /// The program's name (`placesctl`).
    public let name: String
    /// Options accepted before and after any command.
    public let globalOptions: [OptionDeclaration]
    /// Options accepted only when no command is given (placesd's own options, placesctl's `--version`).
    public let topOptions: [OptionDeclaration]
    /// The commands.
    public let commands: [CommandDeclaration]
    /// Whether the program does something without a command (placesd serves).
    public let isCommandOptional: Bool

    /// Declares a program.
    public init(
        name: String, globalOptions: [any DeclaresOption] = [], topOptions: [any DeclaresOption] = [],
        commands: [CommandDeclaration], isCommandOptional: Bool
    ) {
        self.name = name
        self.globalOptions = globalOptions.map(\.declaration)
        self.topOptions = topOptions.map(\.declaration)
        self.commands = commands
        self.isCommandOptional = isCommandOptional
    }

    /// Every option of the program: global, top and each command's, each spelling once, in that order.
    public var allOptions: [OptionDeclaration] {
        var seen: Set<String> = []
        var options: [OptionDeclaration] = []
        for option in globalOptions + topOptions + commands.flatMap(\.options) where !seen.contains(option.name) {
            seen.insert(option.name)
            options.append(option)
        }
        return options
    }

    /// The spellings of every option that takes a value, anywhere in the program.
    var valueSpellings: [String] {
        var seen: Set<String> = []
        return allOptions.filter(\.takesValue).flatMap(\.names).filter { seen.insert($0).inserted }
    }
}
