/// A committed change of one place, as change events report it.
public struct PlaceChange: Sendable, Hashable {
    /// What happened to the place.
    public enum Kind: String, Sendable, Hashable {
        /// The place was added.
        case added
        /// One or more of its fields changed.
        case updated
        /// It was removed; `place` is its last state.
        case removed
        /// Its position in the owner's list changed.
        case moved
    }

    /// What happened.
    public let kind: Kind
    /// The owner's revision after this change.
    public let revision: Int64
    /// The store-wide revision after this change.
    public let storeRevision: Int64
    /// The place after the change (before it, for a removal).
    public let place: Place
    /// For a removal or a move: the place's index in its owner's list before it (what undoing it puts back); nil
    /// for other changes, and for those logged before the change log kept it.
    public var previousIndex: Int?
    /// For a change that an undo made: the owner's revision of the change it reverted; nil for other changes, and
    /// for undos logged before the change log kept it.
    public var undid: Int64?

    /// Creates a change record.
    public init(
        kind: Kind, revision: Int64, storeRevision: Int64, place: Place, previousIndex: Int? = nil,
        undid: Int64? = nil
    ) {
        self.kind = kind
        self.revision = revision
        self.storeRevision = storeRevision
        self.place = place
        self.previousIndex = previousIndex
        self.undid = undid
    }
}
