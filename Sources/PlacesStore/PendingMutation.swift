import PlacesModel
import PlacesState

/// A change submitted to the store, with the function that gets its result.
public struct PendingMutation: Sendable {
    /// The change asked for.
    public let mutation: Mutation
    /// The caller's uid.
    public let owner: UserID
    /// Receives the result on the writer's queue once the batch committed or failed.
    public let completion: @Sendable (Result<MutationOutcome, StoreError>) -> Void

    /// Creates a submission of `mutation` by `owner`.
    public init(
        _ mutation: Mutation, owner: UserID,
        completion: @escaping @Sendable (Result<MutationOutcome, StoreError>) -> Void
    ) {
        self.mutation = mutation
        self.owner = owner
        self.completion = completion
    }
}
