import PlacesProtocol

extension Method {
    /// Whether the method changes the store (and so is answered only after the writer committed it).
    var isChange: Bool {
        switch self {
        case .add, .update, .remove, .move, .importPlaces, .importCommit: true
        // A staged import's parts wait, as reads do, for the changes before them: cheap, and in order.
        case .importBegin, .importAdd, .importAbort: false
        // An undo waits, as a read does, for the changes sent before it: it reverts what they committed.
        case .get, .list, .near, .density, .resolve, .tags, .watch, .export, .status, .unlock, .backup, .discover,
            .undo,
            .history:
            false
        }
    }
}
