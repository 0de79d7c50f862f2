import PlacesClient

extension CLIFailure {
    /// The failure to report for a client error on the connection to `socketPath`.
    init(_ error: ClientError, socketPath: String) {
        switch error {
        case .unreachable(let path, let systemError):
            self = .unavailable("cannot connect to placesd at '\(path)': \(systemError.reason). Is placesd running?")
        case .rpc(let rpcError):
            self = .refused(RPCErrorMessage.text(for: rpcError))
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
}
