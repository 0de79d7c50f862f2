import Glibc

extension FileDescriptor {
    /// Reads up to `buffer.count` bytes; returns the number read, 0 at end of file, or nil when a non-blocking
    /// descriptor has nothing to read (`EAGAIN`).
    @inlinable
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        let outcome = SystemCall.retryingInterrupts { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
        if outcome.result >= 0 { return outcome.result }
        if outcome.errno == EAGAIN { return nil }
        throw .failure(outcome.errno, "read from", fileDescriptor: rawValue)
    }

    /// Writes up to `buffer.count` bytes with `write(2)`; returns the number written, or nil when a
    /// non-blocking descriptor cannot take any now (`EAGAIN`).
    ///
    /// On a socket whose peer has gone this raises `SIGPIPE`; use `send(_:)` for sockets.
    @inlinable
    public func write(_ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        let outcome = SystemCall.retryingInterrupts { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }
        if outcome.result >= 0 { return outcome.result }
        if outcome.errno == EAGAIN { return nil }
        throw .failure(outcome.errno, "write to", fileDescriptor: rawValue)
    }

    /// Sends up to `buffer.count` bytes on a socket with `MSG_NOSIGNAL`; returns the number sent, or nil when
    /// a non-blocking socket cannot take any now (`EAGAIN`).
    ///
    /// A peer that has gone comes back as a `SystemError` with `EPIPE` or `ECONNRESET`, never as `SIGPIPE`.
    @inlinable
    public func send(_ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        let outcome = SystemCall.retryingInterrupts {
            Glibc.send(rawValue, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
        }
        if outcome.result >= 0 { return outcome.result }
        if outcome.errno == EAGAIN { return nil }
        throw .failure(outcome.errno, "send on", fileDescriptor: rawValue)
    }

    /// Writes all of `buffer` with `write(2)`, looping over partial writes; meant for blocking descriptors,
    /// it waits with `poll(2)` if a non-blocking one is full.
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(SystemError) {
        var remaining = buffer
        while !remaining.isEmpty {
            guard let written = try write(remaining) else {
                SystemCall.waitUntilReady(rawValue, events: Int16(POLLOUT))
                continue
            }
            remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
        }
    }

    /// Sends all of `buffer` on a socket with `MSG_NOSIGNAL`, looping over partial sends; meant for blocking
    /// sockets, it waits with `poll(2)` if a non-blocking one is full.
    public func sendAll(_ buffer: UnsafeRawBufferPointer) throws(SystemError) {
        var remaining = buffer
        while !remaining.isEmpty {
            guard let sent = try send(remaining) else {
                SystemCall.waitUntilReady(rawValue, events: Int16(POLLOUT))
                continue
            }
            remaining = UnsafeRawBufferPointer(rebasing: remaining[sent...])
        }
    }
}
