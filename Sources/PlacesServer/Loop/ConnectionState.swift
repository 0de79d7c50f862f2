/// Where a connection is in its life, from accepted to closed: one value, changed only by the transitions below.
///
/// ```
/// reading --peer stopped writing--> readingToEnd
/// reading, readingToEnd --end of input--> inputClosed
/// reading, readingToEnd, inputClosed --stop reading--> inputClosed
/// reading, readingToEnd, inputClosed --protocol error--> closingAfterFlush
/// every state but closed --close--> closed
/// ```
///
/// An event a state cannot take is a bug in the event loop, and traps naming both. Whether the socket is readable
/// or writable right now is not part of this: that is the edge-triggered bookkeeping `Connection.canRead` and
/// `Connection.canWrite` keep, which changes with every read and write whatever the state.
enum ConnectionState: Equatable, CaseIterable {
    /// Reading: the peer may send more, and a read that returns less than it asked for leaves the socket empty.
    case reading
    /// The peer shut its writing side (or hung up): what is left is read to the end of file, since the edge that
    /// said so is gone and a short read no longer means that nothing follows.
    case readingToEnd
    /// Nothing more is read (end of file, or shutdown); the requests already read are answered, and the
    /// connection closes once that is written.
    case inputClosed
    /// A protocol error ends the connection (a line over the limit): nothing more is read or taken, and the
    /// connection closes once its error is written.
    case closingAfterFlush
    /// Out of the loop, its descriptor closed.
    case closed

    /// What happens to a connection.
    enum Event: CaseIterable {
        /// The socket reported that the peer shut its writing side, hung up or failed.
        case peerStoppedWriting
        /// A read returned end of file.
        case endOfInput
        /// The loop stops reading every connection (shutdown).
        case stopReading
        /// A protocol error was answered; the connection ends once that is written.
        case protocolError
        /// The loop closed the connection.
        case close
    }

    /// The state `event` leads to, or nil when it cannot happen in this one.
    @inline(__always)
    func after(_ event: Event) -> ConnectionState? {
        switch (self, event) {
        case (.reading, .peerStoppedWriting), (.readingToEnd, .peerStoppedWriting):
            .readingToEnd
        // Once nothing more is read, a hang-up changes nothing: a socket at its end reports one with every event.
        case (.inputClosed, .peerStoppedWriting), (.closingAfterFlush, .peerStoppedWriting):
            self
        case (.reading, .endOfInput), (.readingToEnd, .endOfInput):
            .inputClosed
        case (.reading, .stopReading), (.readingToEnd, .stopReading), (.inputClosed, .stopReading):
            .inputClosed
        // Shutdown stops the reading; an error that ends the connection still ends it.
        case (.closingAfterFlush, .stopReading):
            .closingAfterFlush
        // Lines read before the end of file (or before shutdown) are still taken, and one may be over the limit.
        case (.reading, .protocolError), (.readingToEnd, .protocolError), (.inputClosed, .protocolError):
            .closingAfterFlush
        case (.reading, .close), (.readingToEnd, .close), (.inputClosed, .close), (.closingAfterFlush, .close):
            .closed
        case (.closingAfterFlush, .protocolError), (.inputClosed, .endOfInput), (.closingAfterFlush, .endOfInput),
            (.closed, _):
            nil
        }
    }

    /// Moves to the state `event` leads to; traps when it cannot happen in this one.
    @inline(__always)
    mutating func handle(_ event: Event) {
        guard let next = after(event) else { Self.trap(event, in: self) }
        self = next
    }

    /// Stops the program: `event` cannot happen in `state`, so the event loop has a bug.
    @inline(never)
    private static func trap(_ event: Event, in state: ConnectionState) -> Never {
        preconditionFailure("A connection in state \(state) cannot take the event \(event).")
    }

    /// The peer shut its writing side, hung up or failed: read on to the end of file.
    @inline(__always)
    mutating func peerStoppedWriting() { handle(.peerStoppedWriting) }

    /// A read returned end of file: read nothing more.
    @inline(__always)
    mutating func reachedEndOfInput() { handle(.endOfInput) }

    /// Shutdown: read nothing more, answer what was read.
    @inline(__always)
    mutating func stopReading() { handle(.stopReading) }

    /// A protocol error was answered: read and take nothing more, and close once the answer is written.
    @inline(__always)
    mutating func closeAfterFlush() { handle(.protocolError) }

    /// The loop closed the connection.
    @inline(__always)
    mutating func close() { handle(.close) }

    /// Whether the socket is still read.
    var isReadable: Bool {
        switch self {
        case .reading, .readingToEnd: true
        case .inputClosed, .closingAfterFlush, .closed: false
        }
    }

    /// Whether a read that returns less than it asked for is taken to have emptied the socket, so that the read
    /// which would only say `EAGAIN` is left out: only while reading, since once the peer has stopped writing the
    /// edge that said so is gone and only reading on finds the end.
    var trustsShortReads: Bool { self == .reading }

    /// Whether complete lines already read may still be taken as requests.
    var takesRequests: Bool {
        switch self {
        case .reading, .readingToEnd, .inputClosed: true
        case .closingAfterFlush, .closed: false
        }
    }

    /// Whether the connection closes as soon as its output is written (after a protocol error).
    var closesAfterFlush: Bool { self == .closingAfterFlush }

    /// Whether the connection closes once everything read has been answered and written.
    var closesWhenDrained: Bool {
        switch self {
        case .inputClosed, .closingAfterFlush: true
        case .reading, .readingToEnd, .closed: false
        }
    }

    /// Whether the loop has closed the connection.
    var isClosed: Bool { self == .closed }
}
