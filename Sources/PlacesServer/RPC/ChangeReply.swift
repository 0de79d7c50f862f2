import PlacesProtocol
import PlacesSealing
import PlacesState
import PlacesStore

/// What the store made of a change a client asked for, as the writer hands it to the client's event loop, which
/// writes the reply.
struct ChangeReply: Sendable {
    /// The request's id.
    let id: RPCID
    /// The store's answer.
    let outcome: Result<MutationOutcome, StoreError>
    /// For a move or an import, the owner's revision right after the commit; nil for the rest.
    let revision: Int64?
    /// For an import, what its document left out.
    var omissions = ImportOmissions()
}
