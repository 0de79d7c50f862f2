/// A message that could not be taken as a request, and the error to answer it with.
public struct RPCFailure: Error, Sendable, Hashable {
    /// The id to answer with: the request's when it could be read, `.null` otherwise.
    public let id: RPCID
    /// The error to send.
    public let error: RPCError
    /// Whether the failed message was a notification (no `id` key), which JSON-RPC 2.0 never answers, not even
    /// with an error.
    public let isNotification: Bool

    /// Creates a failure answered with `id`.
    public init(id: RPCID, error: RPCError, isNotification: Bool = false) {
        self.id = id
        self.error = error
        self.isNotification = isNotification
    }
}
