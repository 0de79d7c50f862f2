import Glibc

extension FileDescriptor {
    /// Reads up to `buffer.count` bytes; returns the number read, 0 at end of file, or nil when a non-blocking
    /// descriptor has nothing to read (`EAGAIN`).
    @inlinable
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        try transfer("read from") { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes up to `buffer.count` bytes with `write(2)`; returns the number written, or nil when a
    /// non-blocking descriptor cannot take any now (`EAGAIN`).
    ///
    /// On a socket whose peer has gone this raises `SIGPIPE`; use `send(_:)` for sockets.
    @inlinable
    public func write(_ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        try transfer("write to") { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Sends up to `buffer.count` bytes on a socket with `MSG_NOSIGNAL`; returns the number sent, or nil when
    /// a non-blocking socket cannot take any now (`EAGAIN`).
    ///
    /// A peer that has gone comes back as a `SystemError` with `EPIPE` or `ECONNRESET`, never as `SIGPIPE`.
    @inlinable
    public func send(_ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        try transfer("send on") { Glibc.send(rawValue, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Writes all of `buffer` with `write(2)`, looping over partial writes; meant for blocking descriptors,
    /// it waits with `poll(2)` if a non-blocking one is full.
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(SystemError) {
        try transferAll(buffer) { remaining throws(SystemError) in try write(remaining) }
    }

    /// Sends all of `buffer` on a socket with `MSG_NOSIGNAL`, looping over partial sends; meant for blocking
    /// sockets, it waits with `poll(2)` if a non-blocking one is full.
    public func sendAll(_ buffer: UnsafeRawBufferPointer) throws(SystemError) {
        try transferAll(buffer) { remaining throws(SystemError) in try send(remaining) }
    }

    /// Runs one `read`, `write` or `send` (retrying `EINTR`): the bytes it moved, nil for `EAGAIN`, and any other
    /// error thrown as a failure to `action` this descriptor.
    @inlinable
    @inline(__always)
    func transfer(_ action: StaticString, _ call: () -> Int) throws(SystemError) -> Int? {
        let outcome = SystemCall.retryingInterrupts(call)
        if outcome.result >= 0 { return outcome.result }
        if outcome.errno == EAGAIN { return nil }
        throw .failure(outcome.errno, action, fileDescriptor: rawValue)
    }

    /// Hands `buffer` to `step` (a `write` or `send`) until all of it is taken, waiting with `poll(2)` whenever
    /// a non-blocking descriptor is full.
    private func transferAll(
        _ buffer: UnsafeRawBufferPointer, _ step: (UnsafeRawBufferPointer) throws(SystemError) -> Int?
    ) throws(SystemError) {
        var remaining = buffer
        while !remaining.isEmpty {
            guard let count = try step(remaining) else {
                SystemCall.waitUntilReady(rawValue, events: Int16(POLLOUT))
                continue
            }
            remaining = UnsafeRawBufferPointer(rebasing: remaining[count...])
        }
    }
}
