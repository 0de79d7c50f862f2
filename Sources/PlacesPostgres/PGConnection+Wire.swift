import CLibPQ
import Glibc

extension PGConnection {
    /// The connection's handle while it is usable; otherwise it is closed, and the error says so.
    func usableHandle() throws(PGError) -> OpaquePointer {
        guard let handle, PQstatus(handle) == CONNECTION_OK else {
            close()
            throw PGError(message: "the connection to the database is closed", state: nil, isConnectionLost: true)
        }
        return handle
    }

    /// Sends one statement with its parameters in binary, prepared or not; libpq buffers it until a flush.
    func send(_ command: PGCommand, on handle: OpaquePointer) throws(PGError) {
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
    func takeResults(of sql: String) throws(PGError) -> Result<PGResult, PGError> {
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
    func nextResult() throws(PGError) -> OpaquePointer? {
        let handle = try usableHandle()
        while PQisBusy(handle) == 1 {
            try wait(forWriting: false)
            guard PQconsumeInput(handle) == 1 else { throw lost("read from the database") }
        }
        return PQgetResult(handle)
    }

    /// Sends everything libpq buffered, reading meanwhile so that the server never waits for us to read.
    func flush() throws(PGError) {
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
    func wait(forWriting: Bool) throws(PGError) {
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
    func lost(_ what: String) -> PGError {
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
