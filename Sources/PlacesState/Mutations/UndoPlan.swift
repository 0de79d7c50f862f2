import PlacesModel

/// The inverses of an owner's last changes, newest first, worked out against the owner's list at `ownerRevision`:
/// what `Mutation.undo(_:)` commits, all or nothing, if the list is still at that revision.
public struct UndoPlan: Sendable, Hashable {
    /// One inverse: the change it reverts, and what reverts it.
    public struct Step: Sendable, Hashable {
        /// What the step does.
        public enum Action: Sendable, Hashable {
            /// Removes the place that the change added.
            case remove(PlaceID, ifVersion: Int64)
            /// Adds back the place that the change removed, as given (its version continuing), at `index` of the
            /// list, clamped to it.
            case restore(Place, index: Int)
            /// Puts back the fields that the update changed.
            case update(PlaceID, PlacePatch, ifVersion: Int64)
            /// Moves the place back to `index`.
            case move(PlaceID, toIndex: Int, ifVersion: Int64)
        }

        /// The change reverted, as the log holds it.
        public var reverted: PlaceChange
        /// Its inverse.
        public var action: Action

        /// Creates a step.
        public init(reverting reverted: PlaceChange, with action: Action) {
            self.reverted = reverted
            self.action = action
        }
    }

    /// The steps, newest change first.
    public var steps: [Step]
    /// The owner's revision the plan was worked out at.
    public var ownerRevision: Int64

    /// Creates a plan.
    public init(steps: [Step], ownerRevision: Int64) {
        self.steps = steps
        self.ownerRevision = ownerRevision
    }
}

/// A change that an undo reverted, and the place after its inverse.
public struct UndoneChange: Sendable, Hashable {
    /// The change reverted.
    public var reverted: PlaceChange
    /// The place after the inverse (for a removal: the place as it was removed).
    public var place: Place
    /// The owner's revision of the inverse's change; nil when it changed nothing (a move back to where the place
    /// is).
    public var revision: Int64?

    /// Creates a record.
    public init(reverted: PlaceChange, place: Place, revision: Int64?) {
        self.reverted = reverted
        self.place = place
        self.revision = revision
    }
}
