import CLinux

/// The readiness conditions and flags of an epoll registration (`EPOLLIN`, `EPOLLOUT`, …).
public struct EpollEvents: OptionSet, Sendable, Hashable {
    /// The `epoll_event.events` bits.
    public let rawValue: UInt32

    /// Wraps `epoll_event.events` bits.
    @inlinable
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Data can be read, or a listener has a connection to accept (`EPOLLIN`).
    public static let readable = EpollEvents(rawValue: EPOLLIN.rawValue)
    /// Data can be written (`EPOLLOUT`).
    public static let writable = EpollEvents(rawValue: EPOLLOUT.rawValue)
    /// The peer shut down its writing side (`EPOLLRDHUP`).
    public static let readHangup = EpollEvents(rawValue: EPOLLRDHUP.rawValue)
    /// Both directions are shut down; always reported (`EPOLLHUP`).
    public static let hangup = EpollEvents(rawValue: EPOLLHUP.rawValue)
    /// An error is pending; always reported (`EPOLLERR`).
    public static let error = EpollEvents(rawValue: EPOLLERR.rawValue)
    /// Report changes of readiness only (`EPOLLET`).
    public static let edgeTriggered = EpollEvents(rawValue: EPOLLET.rawValue)
    /// Disable the registration after one report until `modify` re-arms it (`EPOLLONESHOT`).
    public static let oneShot = EpollEvents(rawValue: EPOLLONESHOT.rawValue)
}
