/// `placesctl watch`.
enum WatchCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "watch",
        abstract: "Show your places, then each change as it happens.",
        discussion: """
            Prints the list as 'placesctl list' does, then one line per change:
              + added    'Louvre' (0f8fad5c)  48.8606, 2.3376
              ~ updated  'Louvre' (0f8fad5c)  visited: no → yes
              - removed  'Louvre' (0f8fad5c)  48.8606, 2.3376
              ↕ moved    'Louvre' (0f8fad5c)

            An update says what it changed (name, description, coordinates, visited: old → new) when the \
            watch saw the place before; else its coordinates. With --json, prints one line of JSON per message: first the snapshot {"revision", "places"}, then \
            each change's {"change", "revision", "place"}. If placesd drops the watch because it fell behind, or \
            goes away (it is reconnected to, waiting 0.1 s doubling up to 2 s between attempts), a note goes to \
            standard error and a fresh snapshot follows. Ctrl-C (SIGINT) or SIGTERM ends it with status 0. \
            Each line is written as soon as it is ready.
            """,
        handler: run
    )

    /// Catches SIGINT and SIGTERM, then watches until one arrives.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let signals: any StopSignals
        do {
            signals = try context.runtime.installStopSignals()
        } catch {
            throw .software("cannot catch SIGINT and SIGTERM: \(error)")
        }
        context.interruption = signals.fileDescriptor
        var session = WatchSession(context: context, signals: signals)
        try session.run()
    }
}
