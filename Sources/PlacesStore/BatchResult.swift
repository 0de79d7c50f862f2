import PlacesModel
import PlacesState

/// What the writer made of one batch (or of following the other hosts).
struct BatchResult: Sendable {
    /// One result per submitted mutation, in submission order.
    var outcomes: [Result<MutationOutcome, StoreError>]
    /// The committed changes in commit order, other hosts' first (empty if nothing was committed).
    var changes: [PlaceChange]
    /// The state to publish, or nil if readers should keep the current snapshot.
    var snapshot: StoreSnapshot?
    /// Whether the state was read again from the database: watchers missed changes they cannot be told of.
    var isStreamBroken = false
    /// Why the batch could not be applied at all, when it could not.
    var failure: StoreError?

    /// A result that fails every mutation of `batch` with `error`, changing nothing.
    init(failing batch: [PendingMutation], with error: StoreError) {
        self.init(outcomes: batch.map { _ in .failure(error) }, changes: [])
    }

    /// A result with `outcomes` and `changes`.
    init(outcomes: [Result<MutationOutcome, StoreError>], changes: [PlaceChange]) {
        self.outcomes = outcomes
        self.changes = changes
    }
}
