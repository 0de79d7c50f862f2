import PlacesClient
import PlacesProtocol
import PlacesSystem

/// Something that answers JSON-RPC calls: a connection to placesd, or a fake in tests.
public protocol RPCTransport: AnyObject {
    /// When set, waiting for the daemon ends with `.interrupted` once this descriptor is readable.
    var interruption: FileDescriptor? { get set }
    /// Calls `method` and returns its result, or throws `.rpc` with the daemon's error; `progress`, when given,
    /// hears `(sent, total)` bytes of the request as it goes out.
    func call(
        _ method: String, params: JSONValue?, progress: ((_ sent: Int, _ total: Int) -> Void)?
    ) throws(ClientError) -> JSONValue
    /// The next notification the daemon sends on its own; nil once it has closed the connection.
    func nextNotification() throws(ClientError) -> ServerNotification?
    /// The next notification, or `.timedOut` when none arrived within `timeoutMilliseconds` (nil: no limit).
    func nextNotification(timeoutMilliseconds: Int32?) throws(ClientError) -> ServerNotification?
    /// Ends the conversation.
    func close()
}

extension RPCTransport {
    /// Calls `method` without reporting progress.
    public func call(_ method: String, params: JSONValue?) throws(ClientError) -> JSONValue {
        try call(method, params: params, progress: nil)
    }
}

extension PlacesConnection: RPCTransport {
    /// The next notification, waiting as long as it takes.
    public func nextNotification() throws(ClientError) -> ServerNotification? {
        try nextNotification(timeoutMilliseconds: nil)
    }
}
