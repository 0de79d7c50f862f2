import Glibc

/// A test's own client: an `AF_UNIX` stream socket that writes bytes and reads `\n`-terminated lines.
///
/// It checks the raw bytes on the wire and deliberately depends on nothing but Glibc. Every wait has a deadline.
/// One instance belongs to one thread.
final class RawConnection {
    /// The socket, non-blocking once connected.
    let fd: Int32
    private var buffer: [UInt8] = []
    private var sawEndOfFile = false
    private var nextID = 1

    /// Connects to the socket at `path` (blocking connect, then non-blocking I/O).
    init(path: String) throws {
        fd = try Self.connectedSocket(path: path)
    }

    deinit {
        Glibc.close(fd)
    }

    /// Opens a blocking `AF_UNIX` stream socket connected to `path`, or throws with errno's text.
    static func connectedSocket(path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket(): \(errnoText())") }
        guard UnixAddress.fits(path) else {
            Glibc.close(fd)
            throw TestFailure("Socket path too long: '\(path)'")
        }
        let result = UnixAddress.with(path) { connect(fd, $0, $1) }
        guard result == 0 else {
            let text = errnoText()
            Glibc.close(fd)
            throw TestFailure("Failed to connect to socket '\(path)': \(text)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return fd
    }

    // MARK: Writing

    /// Writes all of `bytes`, reading (and keeping) replies meanwhile so neither side can deadlock.
    func send(_ bytes: [UInt8], timeout: Double = 10) throws {
        let deadline = Deadline(seconds: timeout)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
                continue
            }
            guard written < 0, errno == EAGAIN || errno == EINTR else {
                throw TestFailure("send(): \(Self.errnoText()) after \(offset) of \(bytes.count) bytes")
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT | POLLIN), revents: 0)
            guard !deadline.hasPassed, poll(&descriptor, 1, deadline.remainingMilliseconds) >= 0 else {
                throw TestFailure("Timed out writing after \(offset) of \(bytes.count) bytes")
            }
            if descriptor.revents & Int16(POLLIN) != 0 { try fill() }
        }
    }

    /// Writes `text` (add the `\n` yourself).
    func send(_ text: String, timeout: Double = 10) throws {
        try send(Array(text.utf8), timeout: timeout)
    }

    /// Writes as much of `bytes` as the socket takes within `timeout` without ever reading; returns the count.
    func sendWithoutReading(_ bytes: [UInt8], timeout: Double) -> Int {
        let deadline = Deadline(seconds: timeout)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
                continue
            }
            guard written < 0, errno == EAGAIN || errno == EINTR else { return offset }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if deadline.hasPassed || poll(&descriptor, 1, deadline.remainingMilliseconds) <= 0 { return offset }
        }
        return offset
    }

    /// Writes as much of `bytes` as the socket takes without ever reading, until it has taken nothing for `seconds`
    /// in a row (or all is written); returns the count. Unlike `sendWithoutReading`, a slow peer (a busy machine)
    /// that goes on reading is waited for: what ends it is the peer no longer reading.
    func sendWithoutReading(_ bytes: [UInt8], untilStalledFor seconds: Double) -> Int {
        var offset = 0
        while offset < bytes.count {
            let written = sendWithoutReading(Array(bytes[offset...]), timeout: seconds)
            if written == 0 { break }
            offset += written
        }
        return offset
    }

    // MARK: Reading

    /// Reads one line without its `\n`; nil at end of file. Throws when the deadline passes first.
    func readLineOrEndOfFile(timeout: Double = 10) throws -> [UInt8]? {
        let deadline = Deadline(seconds: timeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            if sawEndOfFile {
                guard buffer.isEmpty else {
                    throw TestFailure("Connection closed after an unterminated line: \(Self.show(buffer))")
                }
                return nil
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, deadline.remainingMilliseconds)
            if ready == 0 || deadline.hasPassed && ready <= 0 {
                throw TestFailure(
                    "Timed out after \(timeout) s waiting for a line"
                        + (buffer.isEmpty ? "" : "; partial line: \(Self.show(buffer))"))
            }
            if ready > 0 { try fill() }
        }
    }

    /// Reads one line without its `\n`; throws at end of file or when the deadline passes.
    func readLine(timeout: Double = 10) throws -> [UInt8] {
        guard let line = try readLineOrEndOfFile(timeout: timeout) else {
            throw TestFailure("Connection closed by the daemon while waiting for a line")
        }
        return line
    }

    /// Whether the daemon closes the connection within `timeout` (any lines still arriving are discarded).
    func closesWithin(timeout: Double) -> Bool {
        let deadline = Deadline(seconds: timeout)
        while !deadline.hasPassed {
            do {
                if try readLineOrEndOfFile(timeout: Double(deadline.remainingMilliseconds) / 1000) == nil {
                    return true
                }
            } catch {
                return sawEndOfFile
            }
        }
        return sawEndOfFile
    }

    /// Whether a byte is waiting or arrives within `timeout` (nothing is consumed).
    func hasInput(within timeout: Double) throws -> Bool {
        if !buffer.isEmpty || sawEndOfFile { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(timeout * 1000)) > 0
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[..<count])
        } else if count == 0 || errno == ECONNRESET {
            sawEndOfFile = true
        } else if errno != EAGAIN && errno != EINTR {
            throw TestFailure("recv(): \(Self.errnoText())")
        }
    }

    // MARK: JSON-RPC

    /// Reads one line and parses it as JSON.
    func readJSON(timeout: Double = 10) throws -> JSON {
        try JSON(parsing: try readLine(timeout: timeout))
    }

    /// Reads one line that must be a single JSON-RPC 2.0 response object, checked for shape.
    func readResponse(timeout: Double = 10) throws -> JSON {
        let line = try readLine(timeout: timeout)
        let response = try JSON(parsing: line)
        try Reply.checkEnvelope(response, line: line)
        return response
    }

    /// Sends a request with the next numeric id and returns the whole response, whose id must match.
    func call(_ method: String, _ params: JSON? = nil, timeout: Double = 10) throws -> JSON {
        let id = nextID
        nextID += 1
        try send(Request.line(id: "\(id)", method: method, params: params?.text), timeout: timeout)
        let response = try readResponse(timeout: timeout)
        guard response["id"] == .number(Double(id)) else {
            throw TestFailure("Expected the response to id \(id) to \(method), got \(response)")
        }
        return response
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

    /// Sends a request and returns its `error`; throws if the daemon answers with a result.
    func error(_ method: String, _ params: JSON? = nil, timeout: Double = 10) throws -> JSON {
        let response = try call(method, params, timeout: timeout)
        guard let error = response["error"] else {
            throw TestFailure("\(method) \(params?.text ?? "") unexpectedly succeeded: \(response)")
        }
        return error
    }

    /// Adds a place and returns it.
    @discardableResult
    func add(_ params: JSON) throws -> JSON {
        try result("places.add", params)
    }

    /// Imports the places "Place 0" to "Place \(count - 1)" (latitude the number modulo 90, longitude 1),
    /// `perRequest` in each `places.import`.
    func importNumberedPlaces(_ count: Int, perRequest: Int) throws {
        for first in stride(from: 0, to: count, by: perRequest) {
            let imports: [JSON] = (first..<min(first + perRequest, count)).map { number in
                ["name": .string("Place \(number)"), "latitude": .number(Double(number % 90)), "longitude": 1]
            }
            try result("places.import", ["places": .array(imports)], timeout: 120)
        }
    }

    /// Lists the caller's places with the given parameters.
    func list(_ params: JSON? = nil) throws -> JSON {
        try result("places.list", params)
    }

    // MARK: Diagnostics

    /// A readable rendering of raw bytes (text, with escapes for anything odd).
    static func show(_ bytes: [UInt8]) -> String {
        let prefix = bytes.prefix(400)
        let text = String(decoding: prefix, as: UTF8.self).debugDescription
        return bytes.count > prefix.count ? text + "… (\(bytes.count) bytes)" : text
    }

    /// `strerror(errno)`.
    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
