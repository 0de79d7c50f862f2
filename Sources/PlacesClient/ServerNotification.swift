import PlacesProtocol

/// A notification the daemon sent on its own, such as `places.changed`.
public struct ServerNotification: Sendable, Hashable {
    /// The method, such as `places.changed` or `places.overflow`.
    public let method: String
    /// The params, when the daemon sent any.
    public let params: JSONValue?

    /// Creates a notification.
    public init(method: String, params: JSONValue?) {
        self.method = method
        self.params = params
    }
}
