/// A client connection that may receive server notifications (`places.changed`, `places.overflow`) between its
/// responses: notifications read while waiting for a response are kept, in order, for `nextNotification`.
///
/// One instance belongs to one thread.
final class WatchingConnection {
    /// The underlying connection.
    let raw: RawConnection
    /// Notifications read but not yet taken, oldest first.
    private(set) var pending: [JSON] = []
    private var nextID = 1

    /// Connects to `daemon`.
    init(_ daemon: DaemonProcess) throws {
        raw = try daemon.connect()
    }

    /// Sends a request and returns the whole response with the same id, keeping notifications that come first.
    func call(_ method: String, _ params: JSON? = nil, timeout: Double = 10) throws -> JSON {
        let id = "w\(nextID)"
        nextID += 1
        try raw.send(Request.line(id: JSON.string(id).text, method: method, params: params?.text), timeout: timeout)
        let deadline = Deadline(seconds: timeout)
        while true {
            let line = try raw.readLine(timeout: max(0.001, Double(deadline.remainingMilliseconds) / 1000))
            let message = try JSON(parsing: line)
            if message["id"] == nil, message["method"] != nil {
                try Self.checkNotification(message)
                pending.append(message)
                continue
            }
            try Reply.checkEnvelope(message, line: line)
            guard message["id"] == .string(id) else {
                throw TestFailure("Expected the response to id \(id) to \(method), got \(message)")
            }
            return message
        }
    }

    /// Sends a request and returns its `result`; throws if the daemon answers with an error.
    @discardableResult
    func result(_ method: String, _ params: JSON? = nil, timeout: Double = 10) throws -> JSON {
        let response = try call(method, params, timeout: timeout)
        guard let result = response["result"] else {
            throw TestFailure("\(method) \(params?.text ?? "") failed: \(response)")
        }
        return result
    }

    /// The next notification: a kept one, else the next line, which must be a notification.
    func nextNotification(timeout: Double = 10) throws -> JSON {
        if !pending.isEmpty { return pending.removeFirst() }
        let line = try raw.readLine(timeout: timeout)
        let message = try JSON(parsing: line)
        try Self.checkNotification(message)
        return message
    }

    /// Forgets the notifications read but not yet taken.
    func dropPending() {
        pending.removeAll()
    }

    /// Reads `places.changed` notifications until one carries `revision` (inclusive) and returns them all.
    ///
    /// Throws on any other notification, on a revision past `revision`, or when `timeout` passes first.
    func changes(through revision: Int, timeout: Double = 10) throws -> [JSON] {
        let deadline = Deadline(seconds: timeout)
        var events: [JSON] = []
        while true {
            let message = try nextNotification(timeout: max(0.001, Double(deadline.remainingMilliseconds) / 1000))
            guard message["method"] == "places.changed", let params = message["params"],
                let eventRevision = params["revision"]?.int
            else {
                throw TestFailure("Expected a places.changed notification, got \(message)")
            }
            events.append(params)
            if eventRevision == revision { return events }
            if eventRevision > revision {
                throw TestFailure("Event revision \(eventRevision) passed the expected last \(revision): \(events)")
            }
        }
    }

    /// Throws unless `message` is a JSON-RPC 2.0 notification: `jsonrpc` "2.0", a string `method`, no `id`.
    static func checkNotification(_ message: JSON) throws {
        guard message["jsonrpc"] == "2.0", message["method"]?.string != nil, message["id"] == nil,
            message["result"] == nil, message["error"] == nil
        else {
            throw TestFailure("Not a JSON-RPC notification: \(message)")
        }
    }
}
