import PlacesModel

/// One of an owner's changes as `places.history` reports it.
public struct HistoryEntry: Sendable, Hashable {
    /// The change, as the log holds it.
    public var change: PlaceChange
    /// If the change was an undo: the owner revision of the change it undid (nil for undos logged before the change
    /// log kept it).
    public var undid: Int64?

    /// Creates an entry.
    public init(change: PlaceChange, undid: Int64?) {
        self.change = change
        self.undid = undid
    }
}
