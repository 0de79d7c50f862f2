/// What a client read from the daemon: a response, a server notification, or a batch of responses.
public enum RPCIncoming: Sendable, Hashable {
    /// The answer to the request with `id`.
    case response(id: RPCID, result: Result<JSONValue, RPCError>)
    /// A notification from the daemon, e.g. `places.changed`.
    case notification(method: String, params: JSONValue?)
    /// The answers to a batch.
    case batch([RPCIncoming])
}
