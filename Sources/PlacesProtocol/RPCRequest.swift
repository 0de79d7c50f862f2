/// A well-formed JSON-RPC 2.0 request or notification.
public struct RPCRequest: Sendable, Hashable {
    /// The id to answer with; `nil` for a notification, which gets no response.
    public let id: RPCID?
    /// The method's name.
    public let method: String
    /// The by-name parameters; `nil` when the request has none.
    public let params: JSONObject?

    /// Creates a request.
    public init(id: RPCID?, method: String, params: JSONObject?) {
        self.id = id
        self.method = method
        self.params = params
    }

    /// Whether the request is a notification (it has no id and gets no response).
    public var isNotification: Bool { id == nil }
}
