/// When an event loop that ran out of file descriptors tries accepting again: the policy behind
/// `DescriptorShortage`, apart from the epoll set it is applied to.
///
/// While paused the loop does not watch the listening socket (it stays readable while clients wait, and would
/// wake the loop at once, again and again); it tries again when one of its connections closes, or after
/// `DescriptorShortage.retryNanoseconds`.
struct AcceptPause {
    /// When to try again; nil while accepting is not paused.
    private(set) var retryTime: UInt64?
    /// Whether accepting failed for want of descriptors since the loop last accepted a connection.
    private(set) var isShortOfDescriptors = false

    /// Whether the loop is not watching the listener now.
    var isPaused: Bool { retryTime != nil }

    /// Records that accepting failed for want of descriptors at `now`; returns whether the listener is to be
    /// unwatched (it was watched till now).
    mutating func failed(now: UInt64) -> Bool {
        let wasWatched = retryTime == nil
        isShortOfDescriptors = true
        retryTime = now + DescriptorShortage.retryNanoseconds
        return wasWatched
    }

    /// Records an accepted connection; returns whether that ends a shortage the loop had.
    mutating func accepted() -> Bool {
        defer { isShortOfDescriptors = false }
        return isShortOfDescriptors
    }

    /// A descriptor was freed: try again as soon as this turn of the loop is done.
    mutating func descriptorFreed() {
        if retryTime != nil { retryTime = 0 }
    }

    /// Whether to watch the listener again and accept now; clears the pause when it is (and once shutdown has
    /// begun, `isShuttingDown`, without accepting: the listener is done with then).
    mutating func isDue(now: UInt64, isShuttingDown: Bool) -> Bool {
        guard let retry = retryTime else { return false }
        guard !isShuttingDown else {
            retryTime = nil
            return false
        }
        guard now >= retry else { return false }
        retryTime = nil
        return true
    }

    /// Watching the listener again failed at `now`: try once more later.
    mutating func retryLater(now: UInt64) {
        retryTime = now + DescriptorShortage.retryNanoseconds
    }

    /// `timeout` (milliseconds, -1 for none) shortened so that the loop's wait ends when accepting is due.
    func timeout(_ timeout: Int32, now: UInt64) -> Int32 {
        guard let retry = retryTime else { return timeout }
        let left = Int32(clamping: retry > now ? (retry - now + 999_999) / 1_000_000 : 0)
        return timeout < 0 ? left : min(timeout, left)
    }
}
