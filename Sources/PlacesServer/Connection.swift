import PlacesProtocol
import PlacesSealing
import PlacesState
import PlacesStore
import PlacesSystem

/// One client's state, owned by the event loop that accepted it.
final class Connection {
    /// The unread replies a connection may hold without reserving from its user's reply budget.
    static let unreservedReplyBytes = 1 << 20

    /// The loop-wide token of this connection.
    let id: UInt64
    let fd: FileDescriptor
    let caller: Caller
    var framer: LineFramer
    /// The requests read and not yet answered, in order.
    let pipeline = RequestPipeline()
    /// How the connection's requests run.
    let context: RequestContext
    /// The most requests submitted and not yet answered (`--max-requests-in-flight`); at the limit no more are
    /// taken until answers come back.
    let maximumRequestsInFlight: Int
    /// The most bytes of unread replies the connection may hold (`--max-reply-buffer`); at the limit no more
    /// requests are taken until the client reads.
    let maximumReplyBytes: Int
    /// The most bytes of events that may wait for a subscriber before its subscription ends.
    let subscriberBufferLimit: Int
    /// Replies not yet written to the socket; `output.bytes[sentCount...]` is what remains.
    var output = JSONWriter(capacity: 4096)
    var sentCount = 0
    /// The socket reported readable and has not yet returned EAGAIN (edge-triggered).
    var canRead = false
    /// The socket reported writable and has not yet returned EAGAIN (edge-triggered).
    var canWrite = true
    /// No more bytes will be read: end of file, an oversized line, or shutdown.
    var isInputClosed = false
    /// The socket reported that the peer shut down its writing side (or hung up): what is left is read to the end.
    var hasPeerStoppedWriting = false
    /// Close once the pending output is written (after a protocol error that ends the connection).
    var closesAfterFlush = false
    /// The event loop will service the connection once it has handled the messages in hand.
    var isScheduled = false
    /// Chunks of the user's reply budget this connection holds (see `ReplyBudgets`).
    private(set) var reservedChunks = 0

    /// Bytes of the user's reply budget this connection holds.
    var reservedReplyBytes: Int { reservedChunks * ReplyBudgets.chunkBytes }
    /// The most requests that were in flight at once, for the log.
    private(set) var mostRequestsInFlight = 0
    /// How many times the connection stopped being read because `maximumRequestsInFlight` was reached.
    private(set) var requestLimitPauses = 0
    /// Whether the last attempt to take a request found the limit reached (a pause is counted once).
    private var isPausedAtRequestLimit = false
    /// How many times the connection stopped being read because its unread replies used its allowance.
    private(set) var replyLimitPauses = 0
    /// Whether the last attempt to take a request found the allowance used (a pause is counted once).
    private(set) var isPausedAtReplyLimit = false
    /// The most bytes of replies that waited unread at once, for the log.
    private(set) var mostUnreadReplyBytes = 0

    init(
        id: UInt64, fd: FileDescriptor, caller: Caller, context: RequestContext, maximumLineBytes: Int,
        maximumRequestsInFlight: Int = 1024, maximumReplyBytes: Int = 64 << 20, subscriberBufferLimit: Int = 4 << 20
    ) {
        self.id = id
        self.fd = fd
        self.caller = caller
        self.context = context
        self.framer = LineFramer(maximumLineBytes: maximumLineBytes)
        self.maximumRequestsInFlight = maximumRequestsInFlight
        self.maximumReplyBytes = maximumReplyBytes
        self.subscriberBufferLimit = subscriberBufferLimit
    }

    /// Bytes of replies and events waiting to be written: in the output, and kept behind a waiting request.
    var pendingOutputCount: Int { output.bytes.count - sentCount + pipeline.keptBytes }

    /// Whether everything read has been answered and written.
    var isDrained: Bool { output.bytes.count == sentCount && pipeline.isIdle }

    /// How many unread reply bytes the connection may hold now.
    private var replyAllowance: Int {
        min(maximumReplyBytes, Self.unreservedReplyBytes + reservedChunks * ReplyBudgets.chunkBytes)
    }

    /// Whether the next complete line may be taken now; counts a pause when the request limit stops it.
    ///
    /// Not when a read waits for earlier changes, when `maximumRequestsInFlight` requests wait, or when the
    /// unread replies have used the connection's allowance (beyond the first MiB, a share of the user's reply
    /// budget reserved from `budgets`, up to `maximumReplyBytes`). The connection is not read either, so the
    /// client blocks on its own socket; the event loop tries again when a reply arrives, output is written, or
    /// budget comes back.
    func mayTakeRequest(budgets: ReplyBudgets, userLimit: Int) -> Bool {
        guard !pipeline.isHolding, !closesAfterFlush else { return false }
        guard pipeline.waitingCount < maximumRequestsInFlight else {
            if !isPausedAtRequestLimit {
                isPausedAtRequestLimit = true
                requestLimitPauses += 1
            }
            return false
        }
        isPausedAtRequestLimit = false
        let unread = pendingOutputCount
        mostUnreadReplyBytes = max(mostUnreadReplyBytes, unread)
        while unread >= replyAllowance {
            guard replyAllowance < maximumReplyBytes,
                budgets.reserveChunk(for: caller.uid, limit: userLimit, waiter: context.sink)
            else {
                if !isPausedAtReplyLimit {
                    isPausedAtReplyLimit = true
                    replyLimitPauses += 1
                    onReplyLimitPause?(self, unread, replyAllowance)
                }
                return false
            }
            reservedChunks += 1
        }
        isPausedAtReplyLimit = false
        return true
    }

    /// Called once each time the unread replies stop the reading: with the unread bytes and the allowance.
    var onReplyLimitPause: ((Connection, Int, Int) -> Void)?

    /// Notes the requests in flight after taking one, for the log.
    func noteRequestsInFlight() {
        mostRequestsInFlight = max(mostRequestsInFlight, pipeline.waitingCount)
    }

    /// Forgets output that has been written, keeping the buffer's storage, and gives back reply budget the
    /// connection no longer needs (all of it once nothing waits to be written).
    func discardSentOutput(budgets: ReplyBudgets) {
        if sentCount == output.bytes.count {
            output.bytes.removeAll(keepingCapacity: output.bytes.capacity <= 1 << 20)
            sentCount = 0
        } else if sentCount > 65_536 {
            output.bytes.removeFirst(sentCount)
            sentCount = 0
        }
        guard reservedChunks > 0 else { return }
        // Keep a chunk's slack, so that a connection hovering at a chunk's edge does not take the lock each time.
        var surplus = 0
        while reservedChunks - surplus > 0,
            pendingOutputCount + 2 * ReplyBudgets.chunkBytes
                <= Self.unreservedReplyBytes + (reservedChunks - surplus) * ReplyBudgets.chunkBytes
        {
            surplus += 1
        }
        if pendingOutputCount == 0 { surplus = reservedChunks }
        reservedChunks -= surplus
        budgets.releaseChunks(surplus, for: caller.uid)
    }

    /// Gives back every chunk of reply budget and stops waiting for one (the connection closes).
    func releaseReplyBudget(_ budgets: ReplyBudgets) {
        budgets.forget(context.sink, of: caller.uid)
        budgets.releaseChunks(reservedChunks, for: caller.uid)
        reservedChunks = 0
    }
}
