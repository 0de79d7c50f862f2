import PlacesModel

/// A submitted mutation waiting for the writer, with the callback that gets its result.
struct PendingMutation: Sendable {
    /// The change asked for.
    let mutation: Mutation
    /// The caller's uid.
    let owner: UserID
    /// Receives the result once the batch committed or failed.
    let completion: @Sendable (Result<MutationOutcome, StoreError>) -> Void
}
