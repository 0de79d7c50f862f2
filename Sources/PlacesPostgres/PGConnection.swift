import CLibPQ
import Glibc
import PlacesLocking

/// One connection to PostgreSQL through libpq, non-blocking underneath: every call waits at most `timeout`
/// seconds for the server (and gives the connection up after that), binary parameters and results throughout,
/// several statements in one round trip (pipeline mode), and the server's warnings kept for the caller.
///
/// Used by one thread at a time.
final class PGConnection {
    private var handle: OpaquePointer?
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

    private func usableHandle() throws(PGError) -> OpaquePointer {
        guard let handle, PQstatus(handle) == CONNECTION_OK else {
            close()
            throw PGError(message: "the connection to the database is closed", state: nil, isConnectionLost: true)
        }
        return handle
    }

    private func send(_ command: PGCommand, on handle: OpaquePointer) throws(PGError) {
        // One buffer for every parameter's bytes, plus a byte so that an empty value still has an address.
        var buffer: [UInt8] = []
        var offsets: [Int] = []
        for parameter in command.parameters {
            offsets.append(buffer.count)
            if let parameter { buffer.append(contentsOf: parameter.bytes) }
        }
        buffer.append(0)
        let lengths = command.parameters.map { Int32($0?.bytes.count ?? 0) }
        let formats = [Int32](repeating: 1, count: command.parameters.count)
        let sent = buffer.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            let values: [UnsafePointer<CChar>?] = zip(command.parameters, offsets).map { parameter, offset in
                parameter == nil ? nil : base + offset
            }
            let count = Int32(command.parameters.count)
            if let name = command.statement {
                return PQsendQueryPrepared(handle, name, count, values, lengths, formats, 1)
            }
            return PQsendQueryParams(handle, command.sql, count, nil, values, lengths, formats, 1)
        }
        guard sent == 1 else { throw lost("send a statement") }
    }

    /// Reads the results of one statement up to its end; the last one counts.
    private func takeResults(of sql: String) throws(PGError) -> Result<PGResult, PGError> {
        var outcome: Result<PGResult, PGError>?
        while let result = try nextResult() {
            let status = PQresultStatus(result)
            switch status {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                outcome = .success(PGResult(result))
            case PGRES_PIPELINE_ABORTED:
                PQclear(result)
                outcome = .failure(
                    PGError(message: "not run: an earlier statement failed", state: nil, isConnectionLost: false))
            default:
                let message = Self.trimmed(String(cString: PQresultErrorMessage(result)))
                let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
                PQclear(result)
                if !isOpen { throw PGError(message: message, state: state, isConnectionLost: true) }
                outcome = .failure(PGError(message: message, state: state, isConnectionLost: false))
            }
        }
        return outcome ?? .failure(PGError(message: "no result for \(sql)", state: nil, isConnectionLost: false))
    }

    /// The next result, waiting for the server; nil at the end of a statement's results.
    private func nextResult() throws(PGError) -> OpaquePointer? {
        let handle = try usableHandle()
        while PQisBusy(handle) == 1 {
            try wait(forWriting: false)
            guard PQconsumeInput(handle) == 1 else { throw lost("read from the database") }
        }
        return PQgetResult(handle)
    }

    /// Sends everything libpq buffered, reading meanwhile so that the server never waits for us to read.
    private func flush() throws(PGError) {
        let handle = try usableHandle()
        while true {
            switch PQflush(handle) {
            case 0: return
            case 1:
                try wait(forWriting: true)
                guard PQconsumeInput(handle) == 1 else { throw lost("read from the database") }
            default: throw lost("write to the database")
            }
        }
    }

    /// Waits until the socket is readable (or, with `forWriting`, also writable), for at most the timeout.
    private func wait(forWriting: Bool) throws(PGError) {
        var descriptor = pollfd(
            fd: socket, events: Int16(POLLIN) | (forWriting ? Int16(POLLOUT) : 0), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, timeoutMilliseconds)
            if ready > 0 { return }
            if ready < 0, errno == EINTR { continue }
            let reason =
                ready == 0
                ? "the database did not answer within \(timeoutMilliseconds / 1_000) s"
                : String(cString: strerror(errno))
            close()
            throw PGError(message: reason, state: nil, isConnectionLost: true)
        }
    }

    /// The error for a libpq call that failed, which makes the connection unusable.
    private func lost(_ what: String) -> PGError {
        let message = handle.map { Self.trimmed(String(cString: PQerrorMessage($0))) } ?? ""
        close()
        return PGError(
            message: "cannot \(what)" + (message.isEmpty ? "" : ": \(message)"), state: nil, isConnectionLost: true)
    }

    /// libpq's message without its trailing newline (and the "ERROR:  " libpq puts first).
    static func trimmed(_ message: String) -> String {
        var slice = message[...]
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        var text = String(slice)
        for prefix in ["ERROR:  ", "WARNING:  ", "FATAL:  "] where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        return text.split(separator: "\n").first.map(String.init) ?? text
    }
}
