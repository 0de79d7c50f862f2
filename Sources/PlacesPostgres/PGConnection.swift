import CLibPQ
import Glibc
import PlacesLocking

/// One connection to PostgreSQL through libpq, non-blocking underneath: every call waits at most `timeout`
/// seconds for the server (and gives the connection up after that), binary parameters and results throughout,
/// several statements in one round trip (pipeline mode), and the server's warnings kept for the caller.
///
/// Used by one thread at a time.
final class PGConnection {
    private(set) var handle: OpaquePointer?
    private let notices = NoticeCollector()
    /// The longest a call waits for the server, in milliseconds.
    let timeoutMilliseconds: Int32

    /// Warnings the server sent, kept until `takeWarnings()`.
    final class NoticeCollector: Sendable {
        /// The messages, in order.
        let messages = Locked<[String]>([])
    }

    /// Connects with the libpq connection string or URI `conninfo` (its own settings win over the defaults
    /// here: keepalives, a TCP user timeout and a connect timeout, so that a dead peer is noticed in seconds),
    /// then sets `settings` (`SET name = value`) for the session.
    init(conninfo: String, settings: [(String, String)], timeoutMilliseconds: Int32) throws(PGError) {
        self.timeoutMilliseconds = timeoutMilliseconds
        let seconds = String(max(1, timeoutMilliseconds / 1_000))
        let defaults: [(String, String)] = [
            ("connect_timeout", seconds), ("keepalives", "1"), ("keepalives_idle", "5"),
            ("keepalives_interval", "2"), ("keepalives_count", "3"), ("tcp_user_timeout", "\(timeoutMilliseconds)"),
            ("application_name", "placesd"),
            // Expanded last: what the connection string says overrides the defaults before it.
            ("dbname", conninfo),
        ]
        let keywords = defaults.map { strdup($0.0) }
        let values = defaults.map { strdup($0.1) }
        defer {
            for pointer in keywords + values { free(pointer) }
        }
        let connection = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keywordList in
            (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { valueList in
                PQconnectdbParams(keywordList.baseAddress, valueList.baseAddress, 1)
            }
        }
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { Self.trimmed(String(cString: PQerrorMessage($0))) } ?? "out of memory"
            if let connection { PQfinish(connection) }
            throw PGError(message: message, state: nil, isConnectionLost: true)
        }
        handle = connection
        PQsetNoticeReceiver(
            connection,
            { context, result in
                guard let context, let result else { return }
                let collector = Unmanaged<NoticeCollector>.fromOpaque(context).takeUnretainedValue()
                let text = PGConnection.trimmed(String(cString: PQresultErrorMessage(result)))
                collector.messages.withLock { $0.append(text) }
            }, Unmanaged.passUnretained(notices).toOpaque())
        guard PQsetnonblocking(connection, 1) == 0 else {
            close()
            throw PGError(message: "cannot make the connection non-blocking", state: nil, isConnectionLost: true)
        }
        for (name, value) in settings {
            _ = try run([PGCommand(sql: "SET \(name) = \(value)")])[0].get()
        }
    }

    deinit {
        close()
    }

    /// Whether the connection is open and usable.
    var isOpen: Bool {
        guard let handle else { return false }
        return PQstatus(handle) == CONNECTION_OK
    }

    /// The socket, for waiting on notifications; -1 when closed.
    var socket: Int32 {
        handle.map { PQsocket($0) } ?? -1
    }

    /// Closes the connection (the server rolls back an open transaction). Idempotent.
    func close() {
        if let handle { PQfinish(handle) }
        handle = nil
        started = []
        isEnded = false
    }

    /// The warnings the server sent since the last call.
    func takeWarnings() -> [String] {
        notices.messages.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }

    /// Prepares `statement` on this connection.
    func prepare(_ statement: PGStatement) throws(PGError) {
        let handle = try usableHandle()
        guard PQsendPrepare(handle, statement.name, statement.sql, 0, nil) == 1 else { throw lost("prepare") }
        try flush()
        _ = try takeResults(of: statement.sql).get()
    }

    /// Runs `commands` in one round trip, in order; returns each one's result or error. Statements after a
    /// failed one are not run (they fail too), so a transaction among them is aborted. Throws only when the
    /// connection is lost (or the server did not answer in time, which closes it): then which of the statements
    /// took effect is not known.
    func run(_ commands: [PGCommand]) throws(PGError) -> [Result<PGResult, PGError>] {
        guard commands.count == 1, started.isEmpty else { return try finish(with: commands) }
        let handle = try usableHandle()
        try send(commands[0], on: handle)
        try flush()
        return [try takeResults(of: commands[0].sql)]
    }

    /// The statements sent by `start(_:)` whose results are not read yet.
    private var started: [PGCommand] = []
    /// Whether the pipeline `start(_:ending:)` sent is ended already: nothing more can go into it.
    private var isEnded = false

    /// Sends `commands` in a pipeline, for the server to run as they arrive, without waiting for any result:
    /// `finish(with:)` sends more and reads them all. With `ending`, the pipeline ends with them (its sync goes
    /// out too), so that the server runs the last of them, a `COMMIT` say, without waiting for anything more; the
    /// results are then read by `finish(with:)` with no further commands. Throws only when the connection is lost.
    func start(_ commands: [PGCommand], ending: Bool = false) throws(PGError) {
        precondition(!isEnded, "a pipeline that was ended takes no more statements")
        try queue(commands)
        if ending {
            guard PQpipelineSync(try usableHandle()) == 1 else { throw lost("send a pipeline") }
            isEnded = true
        }
        try flush()
    }

    /// Sends `commands` after those `start(_:)` sent, and returns the results of them all, in order; as `run`.
    /// After `start(_:ending:)` ended the pipeline, `commands` must be empty.
    func finish(with commands: [PGCommand]) throws(PGError) -> [Result<PGResult, PGError>] {
        precondition(!isEnded || commands.isEmpty, "a pipeline that was ended takes no more statements")
        try queue(commands)
        let handle = try usableHandle()
        let sent = started
        started = []
        if isEnded {
            isEnded = false
        } else {
            guard PQpipelineSync(handle) == 1 else { throw lost("send a pipeline") }
        }
        // One write for the statements queued since the last flush and the sync.
        try flush()
        var results: [Result<PGResult, PGError>] = []
        results.reserveCapacity(sent.count)
        for command in sent {
            results.append(try takeResults(of: command.sql))
        }
        guard let sync = try nextResult(), PQresultStatus(sync) == PGRES_PIPELINE_SYNC else {
            throw lost("finish a pipeline")
        }
        PQclear(sync)
        guard PQexitPipelineMode(handle) == 1 else { throw lost("leave pipeline mode") }
        return results
    }

    /// Adds `commands` to the pipeline (entering pipeline mode for the first), in libpq's output buffer until the
    /// next flush.
    private func queue(_ commands: [PGCommand]) throws(PGError) {
        let handle = try usableHandle()
        if started.isEmpty {
            guard PQenterPipelineMode(handle) == 1 else { throw lost("enter pipeline mode") }
        }
        for command in commands {
            try send(command, on: handle)
        }
        started += commands
    }

    /// The payloads of the notifications received so far, reading what the socket has without waiting.
    func notifications() throws(PGError) -> [String] {
        let handle = try usableHandle()
        guard PQconsumeInput(handle) == 1 else { throw lost("read notifications") }
        var payloads: [String] = []
        while let notification = PQnotifies(handle) {
            payloads.append(String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        return payloads
    }
}
