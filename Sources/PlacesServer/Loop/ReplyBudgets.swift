import PlacesLocking

/// Each user's share of reply buffer: the bytes of unread replies its connections hold beyond their first
/// `Connection.unreservedReplyBytes`, so that a user's many connections together stay within one bound.
///
/// Connections reserve in chunks of `chunkBytes` and give them back as their replies are read; a connection
/// refused a chunk is woken (`ReplySink.replyBudgetFreed`) when another connection of its user gives some back.
final class ReplyBudgets: Sendable {
    /// How much a connection reserves at a time: the shared lock is taken once per chunk, not per reply.
    static let chunkBytes = 1 << 20

    private struct Account {
        var reservedBytes = 0
        /// Connections that were refused a chunk, to be woken when some comes back.
        var waiters: [ReplySink] = []
    }

    private let accounts = Locked<[UInt32: Account]>([:])

    /// Reserves one chunk for a connection of `uid` if the user's total stays within `limit`; otherwise records
    /// `waiter` to be woken when a chunk comes back, and returns false.
    func reserveChunk(for uid: UInt32, limit: Int, waiter: ReplySink) -> Bool {
        accounts.withLock { accounts in
            var account = accounts[uid, default: Account()]
            defer { accounts[uid] = account }
            guard account.reservedBytes + Self.chunkBytes <= limit else {
                if !account.waiters.contains(where: { $0.token == waiter.token && $0.mailbox === waiter.mailbox }) {
                    account.waiters.append(waiter)
                }
                return false
            }
            account.reservedBytes += Self.chunkBytes
            return true
        }
    }

    /// Gives back `count` chunks of `uid` and wakes every connection of that user that waits for one.
    func releaseChunks(_ count: Int, for uid: UInt32) {
        guard count > 0 else { return }
        let waiters = accounts.withLock { accounts -> [ReplySink] in
            guard var account = accounts[uid] else { return [] }
            account.reservedBytes -= count * Self.chunkBytes
            let waiters = account.waiters
            account.waiters = []
            accounts[uid] = account.reservedBytes > 0 ? account : nil
            return waiters
        }
        for waiter in waiters { waiter.replyBudgetFreed() }
    }

    /// Stops waking `waiter` (its connection closed).
    func forget(_ waiter: ReplySink, of uid: UInt32) {
        accounts.withLock { accounts in
            accounts[uid]?.waiters.removeAll { $0.token == waiter.token && $0.mailbox === waiter.mailbox }
        }
    }

    /// The bytes `uid`'s connections have reserved.
    func reservedBytes(of uid: UInt32) -> Int {
        accounts.withLock { $0[uid]?.reservedBytes ?? 0 }
    }
}
