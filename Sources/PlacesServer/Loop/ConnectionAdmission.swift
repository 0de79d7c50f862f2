import PlacesProtocol
import PlacesSystem

/// Whether a new client connection may stay: the policy of `--max-connections` and
/// `--max-connections-per-user`, and who is an administrator, apart from the event loop that accepts it.
///
/// Shared by every event loop; the counts live in `ServerStatistics`, which `server.status` and the status line
/// read too.
struct ConnectionAdmission: Sendable {
    /// What becomes of a new connection.
    enum Decision: Equatable {
        /// Served; `open` counts it.
        case admitted(open: Int)
        /// Over a limit: the client gets `reply` as one -32006 line, the log `log`, and the connection closes.
        case refused(reply: String, log: String)
    }

    let statistics: ServerStatistics

    /// Counts a connection of `uid` if both limits allow it; nothing is counted when it is refused.
    func admit(uid: UInt32, maximumConnections: Int, maximumConnectionsPerUser: Int) -> Decision {
        let open = statistics.connections.add(1, ordering: .relaxed).newValue
        guard open <= maximumConnections else {
            statistics.connections.subtract(1, ordering: .relaxed)
            return .refused(
                reply: "Too many connections: the limit is \(maximumConnections).",
                log: "Refused a connection: \(maximumConnections) connections are open.")
        }
        guard statistics.admitConnection(of: uid, limit: maximumConnectionsPerUser) else {
            statistics.connections.subtract(1, ordering: .relaxed)
            return .refused(
                reply: "Too many connections from uid \(uid): the per-user limit is \(maximumConnectionsPerUser).",
                log: "Refused a connection of uid \(uid): it has \(maximumConnectionsPerUser) open, the per-user limit."
            )
        }
        return .admitted(open: open)
    }

    /// Forgets an admitted connection of `uid` (it closed, or could not be set up); returns how many stay open.
    @discardableResult
    func release(uid: UInt32) -> Int {
        statistics.releaseConnection(of: uid)
        return statistics.connections.subtract(1, ordering: .relaxed).newValue
    }

    /// The caller a peer is: an administrator when it is root, or its primary group or one of its supplementary
    /// groups (`groups`, asked only when needed) is `adminGroupID`.
    static func caller(
        _ credentials: PeerCredentials, adminGroupID: UInt32?, groups: () -> [UInt32]?
    ) -> Caller {
        var isAdmin = credentials.uid == 0
        if !isAdmin, let adminGroupID {
            isAdmin = credentials.gid == adminGroupID || groups()?.contains(adminGroupID) == true
        }
        return Caller(uid: credentials.uid, gid: credentials.gid, isAdmin: isAdmin)
    }

    /// The one line a refused client gets: a -32006 error with id null.
    static func refusalLine(_ reply: String) -> [UInt8] {
        var line = JSONWriter()
        RPCEnvelope.writeError(id: .null, error: .limitReached(reply), to: &line)
        return line.bytes
    }
}
