/// One readiness report from `Epoll.wait`: what happened and the token the descriptor was registered with.
public struct EpollEvent: Sendable, Hashable {
    /// The conditions that are ready.
    public var events: EpollEvents
    /// The token given to `Epoll.add` or `Epoll.modify`.
    public var token: UInt64

    /// Creates a report.
    @inlinable
    public init(events: EpollEvents, token: UInt64) {
        self.events = events
        self.token = token
    }
}
