/// A message that could not be taken as a request, and the error to answer it with.
public struct RPCFailure: Error, Sendable, Hashable {
    /// The id to answer with: the request's when it could be read, `.null` otherwise.
    public let id: RPCID
    /// The error to send.
    public let error: RPCError
    /// Creates a failure answered with `id`. (A notification that fails is still a request: it is refused, if at
    /// all, only once its method is looked up, and a notification is never answered.)
    public init(id: RPCID, error: RPCError) {
        self.id = id
        self.error = error
    }
}
