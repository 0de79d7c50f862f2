import PlacesCommandLine

/// One placesctl command, declared as data: name, help text, arguments, options and what it does.
struct CommandSpec: Sendable {
    /// What the command does, given its parsed input and a context to call the daemon and print.
    typealias Handler = @Sendable (CommandInput, CommandContext) throws(CLIFailure) -> Void

    /// The word on the command line.
    let name: String
    /// One sentence, ending in a period.
    let abstract: String
    /// Paragraphs shown after the usage line, or nil.
    let discussion: String?
    /// The positional arguments, in order.
    let arguments: [ArgumentDeclaration]
    /// The command's own options (the global ones are added by the parser).
    let options: [OptionDeclaration]
    /// Hand-written synopses after `placesctl NAME`, one usage line each, for commands whose arguments and
    /// options combine in ways the declarations cannot show; nil derives the one line from them.
    let forms: [[String]]?
    /// Whether `--json` is always on (`call`).
    let impliesJSON: Bool
    /// Whether output taller than the terminal goes through the pager (`list`, `near`, `history`, `help`).
    let isPaged: Bool
    /// Runs the command.
    let handler: Handler

    /// Declares a command.
    init(
        name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentDeclaration] = [],
        options: [any DeclaresOption] = [], forms: [[String]]? = nil, impliesJSON: Bool = false,
        isPaged: Bool = false, handler: @escaping Handler
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options.map(\.declaration)
        self.forms = forms
        self.impliesJSON = impliesJSON
        self.isPaged = isPaged
        self.handler = handler
    }

    /// The option spelled `spelling`, if this command has one.
    func option(spelled spelling: String) -> OptionDeclaration? {
        options.first { $0.isSpelled(spelling) }
    }

    /// The command as the completions see it.
    var declaration: CommandDeclaration {
        CommandDeclaration(name: name, abstract: abstract, arguments: arguments, options: options)
    }

    /// The usage lines: `placesctl add NAME --lat LAT --lon LON [--description TEXT] [--visited]`.
    var usage: String {
        usageForms.map { $0.joined(separator: " ") }.joined(separator: "\n")
    }

    /// Each usage line's words, each argument or bracketed option one unit that must not be split.
    var usageForms: [[String]] {
        if let forms {
            return forms.map { ["placesctl", name] + $0 }
        }
        return [derivedUsageParts]
    }

    /// The usage line derived from the declared arguments and options.
    private var derivedUsageParts: [String] {
        var parts = ["placesctl", name]
        parts += arguments.map(\.usageText)
        var index = 0
        while index < options.count {
            let option = options[index]
            if let group = option.exclusiveGroup {
                var members = [option.usageText]
                while index + 1 < options.count, options[index + 1].exclusiveGroup == group {
                    index += 1
                    members.append(options[index].usageText)
                }
                parts.append("[\(members.joined(separator: "|"))]")
            } else {
                parts.append(option.isRequired ? option.usageText : "[\(option.usageText)]")
            }
            index += 1
        }
        return parts
    }
}
