import PlacesProtocol
import PlacesSystem

/// Why a call to placesd failed, seen from the client.
public enum ClientError: Error, CustomStringConvertible {
    /// The socket at `path` could not be connected to.
    case unreachable(path: String, SystemError)
    /// The daemon answered the request with a JSON-RPC error.
    case rpc(RPCError)
    /// The daemon sent something that is not a valid reply (the reason says what).
    case protocolViolation(String)
    /// The daemon closed the connection before the reply was complete.
    case connectionClosed
    /// Reading from or writing to the connection failed.
    case io(SystemError)
    /// The connection's interruption descriptor became readable while waiting (a signal arrived).
    case interrupted
    /// Nothing complete arrived before the timeout.
    case timedOut

    /// One sentence describing the failure.
    public var description: String {
        switch self {
        case .unreachable(let path, let error):
            "Cannot connect to placesd at '\(path)': \(error)"
        case .rpc(let error):
            "placesd refused the request (\(error.code)): \(error.message)"
        case .protocolViolation(let reason):
            "Malformed reply from placesd: \(reason)"
        case .connectionClosed:
            "placesd closed the connection before replying"
        case .io(let error):
            "\(error)"
        case .interrupted:
            "Waiting for placesd was interrupted"
        case .timedOut:
            "placesd sent nothing complete in time"
        }
    }
}
