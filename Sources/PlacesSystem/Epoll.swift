import CLinux
import Glibc

/// An epoll instance, which owns its descriptor and closes it in `deinit`.
///
/// Registration and waiting may happen on different threads, as epoll allows.
public final class Epoll: Sendable {
    /// The epoll descriptor, for nesting in another epoll; owned by this object.
    public let fileDescriptor: FileDescriptor

    /// Creates a close-on-exec epoll instance.
    public init() throws(SystemError) {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw SystemError(errno: errno, operation: "create an epoll instance") }
        fileDescriptor = FileDescriptor(rawValue: fd)
    }

    deinit {
        fileDescriptor.close()
    }

    /// Registers `fd` for `events`; `token` comes back in each of its reports.
    @inlinable
    public func add(_ fd: FileDescriptor, events: EpollEvents, token: UInt64) throws(SystemError) {
        let code = control(EPOLL_CTL_ADD, fd, events: events, token: token)
        if code != 0 { throw .failure(code, "add", fileDescriptor: fd.rawValue, " to epoll") }
    }

    /// Changes the events and token of a registered `fd` (and re-arms a one-shot registration).
    @inlinable
    public func modify(_ fd: FileDescriptor, events: EpollEvents, token: UInt64) throws(SystemError) {
        let code = control(EPOLL_CTL_MOD, fd, events: events, token: token)
        if code != 0 { throw .failure(code, "modify", fileDescriptor: fd.rawValue, " in epoll") }
    }

    /// Unregisters `fd`; one that is not registered (`ENOENT`) or already closed (`EBADF`) is ignored.
    public func remove(_ fd: FileDescriptor) {
        let code = control(EPOLL_CTL_DEL, fd, events: [], token: 0)
        if code != 0 && code != ENOENT && code != EBADF {
            SystemError.trapIfBug(code, "remove from epoll")
        }
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) for at most `maximum` reports and puts them in `events`.
    ///
    /// Returns the number of reports, which `events.count` then equals; an interrupted wait (`EINTR`) returns 0.
    /// The kernel writes straight into the array's storage, so an array reused across calls allocates nothing
    /// after the first.
    @inlinable
    public func wait(
        into events: inout [EpollEvent], maximum: Int = 256, timeoutMilliseconds: Int32
    ) throws(SystemError) -> Int {
        precondition(maximum > 0 && maximum <= Int(Int32.max), "maximum must be positive")
        if events.count < maximum {
            events.append(contentsOf: repeatElement(EpollEvent(events: [], token: 0), count: maximum - events.count))
        }
        let epollFD = fileDescriptor.rawValue
        let outcome = events.withUnsafeMutableBytes { storage in
            // `maximum` EpollEvents have room for `maximum` epoll_events (see convertKernelEvents).
            let count = storage.withMemoryRebound(to: epoll_event.self) { kernelEvents in
                epoll_wait(epollFD, kernelEvents.baseAddress, Int32(maximum), timeoutMilliseconds)
            }
            guard count > 0 else { return (count, count == 0 ? 0 : errno) }
            Epoll.convertKernelEvents(in: storage, count: Int(count))
            return (count, 0)
        }
        let count = Int(max(outcome.0, 0))
        events.removeLast(events.count - count)
        if outcome.0 >= 0 || outcome.1 == EINTR { return count }
        throw .failure(outcome.1, "wait on epoll", fileDescriptor: epollFD)
    }

    @usableFromInline
    func control(_ operation: Int32, _ fd: FileDescriptor, events: EpollEvents, token: UInt64) -> Int32 {
        var event = epoll_event(events: events.rawValue, data: epoll_data_t(u64: token))
        return epoll_ctl(fileDescriptor.rawValue, operation, fd.rawValue, &event) == 0 ? 0 : errno
    }

    /// Rewrites `count` kernel `epoll_event`s at the start of `storage` as `EpollEvent`s in place.
    ///
    /// An `epoll_event` (12 bytes and packed on x86-64, 16 elsewhere) is never larger than an `EpollEvent`, so
    /// going from the last to the first never overwrites a kernel event before it is read. Unaligned loads cover
    /// the packed layout.
    @inlinable
    static func convertKernelEvents(in storage: UnsafeMutableRawBufferPointer, count: Int) {
        assert(MemoryLayout<epoll_event>.stride <= MemoryLayout<EpollEvent>.stride, "epoll_event outgrew EpollEvent")
        let kernelStride = MemoryLayout<epoll_event>.stride
        let stride = MemoryLayout<EpollEvent>.stride
        var index = count - 1
        while index >= 0 {
            let kernelEvent = storage.loadUnaligned(fromByteOffset: index * kernelStride, as: epoll_event.self)
            storage.storeBytes(
                of: EpollEvent(events: EpollEvents(rawValue: kernelEvent.events), token: kernelEvent.data.u64),
                toByteOffset: index * stride, as: EpollEvent.self)
            index -= 1
        }
    }
}
