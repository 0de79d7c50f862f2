import PlacesClient
import PlacesProtocol

/// Something that answers JSON-RPC calls: a connection to placesd, or a fake in tests.
public protocol RPCTransport: AnyObject {
    /// Calls `method` and returns its result, or throws `.rpc` with the daemon's error.
    func call(_ method: String, params: JSONValue?) throws(ClientError) -> JSONValue
    /// Ends the conversation.
    func close()
}

extension PlacesConnection: RPCTransport {}
