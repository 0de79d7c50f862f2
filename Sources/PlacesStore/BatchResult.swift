import PlacesModel
import PlacesState

/// What the writer made of one batch.
struct BatchResult: Sendable {
    /// One result per submitted mutation, in submission order.
    var outcomes: [Result<MutationOutcome, StoreError>]
    /// The committed changes in commit order (empty if nothing was committed).
    var changes: [PlaceChange]
    /// The state to publish, or nil if readers should keep the current snapshot.
    var snapshot: StoreSnapshot?
}
