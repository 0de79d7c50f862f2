import PlacesProtocol
import PlacesSystem

extension PlacesConnection {
    /// Reads the next line without its terminator; nil when the daemon has closed the connection.
    public func readLine() throws(ClientError) -> [UInt8]? {
        try nextLine(deadline: nil)
    }

    /// Reads the next message (a reply, a notification or a batch), skipping blank lines; nil when the daemon
    /// has closed the connection.
    ///
    /// With `timeoutMilliseconds`, throws `.timedOut` when no complete message arrived in that time.
    public func nextMessage(timeoutMilliseconds: Int32? = nil) throws(ClientError) -> RPCIncoming? {
        let deadline = timeoutMilliseconds.map { Clock.monotonicNanoseconds() + UInt64(max($0, 0)) * 1_000_000 }
        while true {
            // Parsed where it lies in the buffer: a reply may be tens of megabytes.
            let parsed = try withNextLine(deadline: deadline) { line -> Result<RPCIncoming, JSONParseError>? in
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                    return nil
                }
                return Result { () throws(JSONParseError) in
                    try RPCEnvelope.parseResponse(UnsafeRawBufferPointer(line))
                }
            }
            switch parsed {
            case nil: return nil
            case .some(nil): continue
            case .success(let incoming)??: return incoming
            case .failure(let error)??:
                throw .protocolViolation("invalid JSON at offset \(error.offset): \(error.reason)")
            }
        }
    }

    /// Reads the next notification the daemon sends on its own (`places.changed` after `places.watch`); nil
    /// when the daemon has closed the connection.
    ///
    /// An error reply with a null id (the daemon refusing the connection) throws `.rpc`; any other reply is a
    /// protocol violation, since no request is waiting for one.
    public func nextNotification(timeoutMilliseconds: Int32? = nil) throws(ClientError) -> ServerNotification? {
        guard let incoming = try nextMessage(timeoutMilliseconds: timeoutMilliseconds) else { return nil }
        switch incoming {
        case .notification(let method, let params):
            return ServerNotification(method: method, params: params)
        case .response(.null, .failure(let error)):
            throw .rpc(error)
        case .response, .batch:
            throw .protocolViolation("a reply while no request was waiting for one")
        }
    }

    /// The next complete line, reading (and waiting until `deadline`, in monotonic nanoseconds) as needed.
    func nextLine(deadline: UInt64?) throws(ClientError) -> [UInt8]? {
        try withNextLine(deadline: deadline) { Array($0) }
    }

    /// What `body` makes of the next complete line (its bytes valid only during the call), reading (and
    /// waiting until `deadline`, in monotonic nanoseconds) as needed; nil when the daemon has closed the
    /// connection.
    func withNextLine<Line>(
        deadline: UInt64?, _ body: (UnsafeBufferPointer<UInt8>) -> Line
    ) throws(ClientError) -> Line? {
        guard isOpen else { throw .connectionClosed }
        while true {
            if let line = buffer.withNextLine(body) {
                return line
            }
            if buffer.isOverLimit {
                throw .protocolViolation("a reply line longer than \(Self.maximumLineLength) bytes")
            }
            if isAtEndOfStream {
                if buffer.hasPartialLine {
                    throw .connectionClosed
                }
                return nil
            }
            try waitUntilReadable(deadline: deadline)
            try fill()
        }
    }

    /// Returns once the socket is readable; a plain blocking read needs no wait when nothing can end it early.
    private func waitUntilReadable(deadline: UInt64?) throws(ClientError) {
        guard interruption != nil || deadline != nil else { return }
        var descriptors = [descriptor]
        if let interruption {
            descriptors.append(interruption)
        }
        var timeout: Int32 = -1
        if let deadline {
            let now = Clock.monotonicNanoseconds()
            guard deadline > now else { throw .timedOut }
            timeout = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
        }
        let ready: [Bool]
        do {
            ready = try ReadinessWait.readable(descriptors, timeoutMilliseconds: timeout)
        } catch {
            throw .io(error)
        }
        if ready.count > 1 && ready[1] {
            throw .interrupted
        }
        if !ready[0] {
            throw .timedOut
        }
    }

    private func fill() throws(ClientError) {
        let read: Int?
        do {
            read = try buffer.readInto { free throws(SystemError) -> Int? in try descriptor.read(into: free) }
        } catch {
            throw .io(error)
        }
        if read == 0 { isAtEndOfStream = true }
    }
}
