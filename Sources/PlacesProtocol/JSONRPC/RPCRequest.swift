/// A well-formed JSON-RPC 2.0 request or notification.
public struct RPCRequest: Sendable, Hashable {
    /// The id to answer with; `nil` for a notification, which gets no response.
    public let id: RPCID?
    /// The method's name.
    public let method: String
    /// The by-name parameters; `nil` when the request has none or gave them by position.
    public let params: JSONObject?
    /// Whether `params` was an array (parameters by position), which no method takes: a method that exists
    /// answers it with `RPCError.positionalParams`, an unknown one with -32601 as for any params.
    public let hasPositionalParams: Bool

    /// Creates a request.
    public init(id: RPCID?, method: String, params: JSONObject?, hasPositionalParams: Bool = false) {
        self.id = id
        self.method = method
        self.params = params
        self.hasPositionalParams = hasPositionalParams
    }

    /// Whether the request is a notification (it has no id and gets no response).
    public var isNotification: Bool { id == nil }
}
