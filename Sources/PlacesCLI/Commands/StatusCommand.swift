/// `placesctl status`.
enum StatusCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the daemon's status and your number of places.",
        handler: run
    )

    /// Sends `server.status` and prints its fields.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let result = try context.call(.status)
        if context.isJSON {
            return try context.writeJSON(result)
        }
        guard let status = result.objectValue else {
            throw .software("malformed reply from placesd: server.status returned \(result.jsonText)")
        }
        try context.write(StatusText.render(status))
    }
}
