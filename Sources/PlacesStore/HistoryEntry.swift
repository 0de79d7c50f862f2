import PlacesModel

/// One of an owner's changes as `places.history` reports it.
public struct HistoryEntry: Sendable, Hashable {
    /// The change, as the log holds it.
    public var change: PlaceChange
    /// If the change was an undo made by this daemon since it started: the owner revision of the change it undid.
    public var undid: Int64?

    /// Creates an entry.
    public init(change: PlaceChange, undid: Int64?) {
        self.change = change
        self.undid = undid
    }
}
