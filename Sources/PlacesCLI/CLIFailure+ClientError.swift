import PlacesClient
import PlacesProtocol

extension CLIFailure {
    /// What placesctl says when a request for places meets a locked daemon.
    static let lockedMessage =
        "placesd is locked: its places are encrypted and no key was given; run 'placesctl unlock' "
        + "(root, the admin group, or the user placesd runs as)."

    /// What placesctl says when the daemon refuses a key.
    static let wrongKeyMessage = "the key does not open this store; it stays locked"

    /// The failure to report for a client error on the connection to `socketPath`.
    init(_ error: ClientError, socketPath: String) {
        switch error {
        case .unreachable(let path, let systemError):
            self = .unavailable("cannot connect to placesd at '\(path)': \(systemError.reason). Is placesd running?")
        case .rpc(let rpcError):
            self = CLIFailure(refusal: rpcError)
        case .protocolViolation(let reason):
            self = .software("malformed reply from placesd at '\(socketPath)': \(reason)")
        case .connectionClosed:
            self = .software("placesd at '\(socketPath)' closed the connection before replying")
        case .io(let systemError):
            self = .software("lost the connection to placesd at '\(socketPath)': \(systemError.reason)")
        case .interrupted:
            self = .software("interrupted while waiting for placesd at '\(socketPath)'")
        case .timedOut:
            self = .unavailable("placesd at '\(socketPath)' did not answer in time")
        }
    }

    /// The failure to report for the daemon's JSON-RPC error: -32004 is the locked store (or, naming the field
    /// `key`, a key that does not open it), said in placesctl's words; anything else in the daemon's.
    init(refusal: RPCError) {
        guard refusal.code == RPCErrorCode.locked else {
            self = .refused(refusal, message: RPCErrorMessage.text(for: refusal))
            return
        }
        let isWrongKey = ErrorData.field(of: refusal) == UnlockParams.keyKey
        self = .refused(refusal, message: isWrongKey ? Self.wrongKeyMessage : Self.lockedMessage)
    }
}
