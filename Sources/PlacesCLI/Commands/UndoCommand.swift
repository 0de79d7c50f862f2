import PlacesCommandLine
import PlacesProtocol

/// `placesctl undo [N]`.
enum UndoCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "undo",
        abstract: "Revert your last change, or your last N changes.",
        discussion: """
            Each change is reverted by a new change that watchers see as an ordinary one: an added place is \
            removed, a removed place comes back with its id, fields and position, an update's fields get their \
            earlier values back, a moved place moves back. All N or none. A second undo reverts the change \
            before the ones already reverted; it never redoes them. Refused when there is nothing to undo, when \
            the change log no longer holds the change, or when the place changed since. The change log keeps \
            where removed and moved places stood, so undo works the same after placesd restarts; of changes \
            logged before an upgrade from a placesd that did not keep it, a removed place comes back last and a \
            move cannot be undone. With --json, prints \
            placesd's result: {"undone": [{"change", "revision", "place"}, ...], "revision"}.
            """,
        arguments: [
            ArgumentDeclaration(
                name: "N", abstract: "How many changes to revert, newest first (1 to 100; default 1).",
                isRequired: false)
        ],
        handler: run
    )

    /// Sends `places.undo` and says what each inverse did.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        var count = 1
        if let text = input.argument(0) {
            guard let number = Int(text), (1...UndoParams.maximumCount).contains(number) else {
                throw input.usageError("N must be a whole number from 1 to \(UndoParams.maximumCount), got '\(text)'")
            }
            count = number
        }
        let result = try context.call(UndoParams(count: count))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let undone = try context.decode(result, from: Method.undo.rawValue) { value throws(ReplyError) in
            try HistoryItem.decode(list: value, key: HistoryItem.undoneKey)
        }
        try context.write(undone.map { sentence(for: $0.event) + "\n" }.joined())
    }

    /// What reverting `event` did: `Removed 'Louvre' (undid its addition).`
    static func sentence(for event: ChangeEvent) -> String {
        let name = "'\(TextLayout.singleLine(event.place.name))'"
        switch event.change {
        case "added": return "Removed \(name) (undid its addition)."
        case "removed": return "Added \(name) back (undid its removal)."
        case "updated": return "Restored the earlier fields of \(name) (undid its update)."
        case "moved": return "Moved \(name) back (undid its move)."
        default: return "Reverted a change of \(name)."
        }
    }
}
