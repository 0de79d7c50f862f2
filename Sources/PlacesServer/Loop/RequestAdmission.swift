/// Whether a connection may take its next request: the policy of `--max-requests-in-flight`,
/// `--max-reply-buffer` and `--max-reply-buffer-per-user`, apart from the socket it is applied to.
///
/// A connection is not read while its requests wait for the store in number, or while its unread replies have
/// used its allowance: the first `Connection.unreservedReplyBytes`, then chunks reserved from its user's budget
/// (`ReplyBudgets`), up to `maximumReplyBytes`. The client then blocks on its own socket; the event loop asks
/// again when a reply arrives, output is written, or budget comes back. Each stop is counted once, for the log.
struct RequestAdmission {
    /// What to do with the next request.
    enum Verdict: Equatable {
        /// Take it.
        case take
        /// Leave it (and read nothing more) for now; `isNew` the first time in a row this pause is found.
        case pause(Pause, isNew: Bool)
    }

    /// Why the next request is not taken now.
    enum Pause: Equatable {
        /// `maximumRequestsInFlight` requests wait.
        case requestsInFlight
        /// `unread` bytes of replies wait, the whole `allowance`.
        case unreadReplies(unread: Int, allowance: Int)
    }

    /// The most requests submitted and not yet answered.
    let maximumRequestsInFlight: Int
    /// The most bytes of unread replies a connection may hold.
    let maximumReplyBytes: Int
    /// The user whose budget the chunks come from.
    let uid: UInt32
    /// Chunks of the user's reply budget held.
    private(set) var reservedChunks = 0
    /// How many times taking stopped at the request limit, and at the reply allowance.
    private(set) var requestLimitPauses = 0
    private(set) var replyLimitPauses = 0
    /// The most requests in flight and bytes of replies unread at once, for the log.
    private(set) var mostRequestsInFlight = 0
    private(set) var mostUnreadReplyBytes = 0
    /// Whether the last verdict found the request limit reached, and whether one since the last `take` found the
    /// allowance used: a pause is counted once however often it is asked again.
    private var isPausedAtRequestLimit = false
    private var isPausedAtReplyLimit = false

    init(maximumRequestsInFlight: Int, maximumReplyBytes: Int, uid: UInt32) {
        self.maximumRequestsInFlight = maximumRequestsInFlight
        self.maximumReplyBytes = maximumReplyBytes
        self.uid = uid
    }

    /// Bytes of the user's reply budget held.
    var reservedReplyBytes: Int { reservedChunks * ReplyBudgets.chunkBytes }

    /// How many unread reply bytes the connection may hold now.
    var replyAllowance: Int {
        min(maximumReplyBytes, Connection.unreservedReplyBytes + reservedReplyBytes)
    }

    /// What to do with the next request with `waiting` requests in flight and `unread` bytes of replies
    /// unwritten, reserving from `budgets` (a user's total within `userLimit`) as the allowance needs; `waiter`
    /// is woken when a refused chunk comes back.
    mutating func verdict(
        waiting: Int, unread: Int, budgets: ReplyBudgets, userLimit: Int, waiter: ReplySink
    ) -> Verdict {
        guard waiting < maximumRequestsInFlight else {
            defer { isPausedAtRequestLimit = true }
            if !isPausedAtRequestLimit { requestLimitPauses += 1 }
            return .pause(.requestsInFlight, isNew: !isPausedAtRequestLimit)
        }
        isPausedAtRequestLimit = false
        mostUnreadReplyBytes = max(mostUnreadReplyBytes, unread)
        while unread >= replyAllowance {
            guard replyAllowance < maximumReplyBytes,
                budgets.reserveChunk(for: uid, limit: userLimit, waiter: waiter)
            else {
                defer { isPausedAtReplyLimit = true }
                if !isPausedAtReplyLimit { replyLimitPauses += 1 }
                return .pause(.unreadReplies(unread: unread, allowance: replyAllowance), isNew: !isPausedAtReplyLimit)
            }
            reservedChunks += 1
        }
        isPausedAtReplyLimit = false
        return .take
    }

    /// Notes `waiting` requests in flight after taking one, for the log.
    mutating func noteRequestsInFlight(_ waiting: Int) {
        mostRequestsInFlight = max(mostRequestsInFlight, waiting)
    }

    /// Gives back the chunks no longer needed with `unread` bytes of replies unwritten, keeping a chunk's slack
    /// so that a connection at a chunk's edge does not take the shared lock each time; all of them at 0.
    mutating func releaseSurplus(unread: Int, budgets: ReplyBudgets) {
        guard reservedChunks > 0 else { return }
        var surplus = 0
        while reservedChunks - surplus > 0,
            unread + 2 * ReplyBudgets.chunkBytes
                <= Connection.unreservedReplyBytes + (reservedChunks - surplus) * ReplyBudgets.chunkBytes
        {
            surplus += 1
        }
        if unread == 0 { surplus = reservedChunks }
        reservedChunks -= surplus
        budgets.releaseChunks(surplus, for: uid)
    }

    /// Gives back every chunk and stops waiting for one (the connection closes).
    mutating func releaseAll(budgets: ReplyBudgets, waiter: ReplySink) {
        budgets.forget(waiter, of: uid)
        budgets.releaseChunks(reservedChunks, for: uid)
        reservedChunks = 0
    }
}
