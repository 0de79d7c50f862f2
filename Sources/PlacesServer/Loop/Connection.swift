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
    /// The connection's socket, owned by the connection and closed by its event loop.
    let fd: FileDescriptor
    /// Who is on the other end.
    let caller: Caller
    /// The bytes read and not yet taken as lines.
    var framer: LineFramer
    /// The requests read and not yet answered, in order.
    let pipeline = RequestPipeline()
    /// How the connection's requests run.
    let context: RequestContext
    /// Whether the next request may be taken: the limits on requests in flight and unread replies.
    private(set) var admission: RequestAdmission
    /// The most bytes of events that may wait for a subscriber before its subscription ends.
    let subscriberBufferLimit: Int
    /// Replies not yet written to the socket; `output.bytes[sentCount...]` is what remains.
    var output = JSONWriter(capacity: 4096)
    /// How much of `output` the socket has taken.
    var sentCount = 0
    /// Where the connection is in its life; see `ConnectionState` for what may follow what.
    var state = ConnectionState.reading
    /// The socket reported readable and has not yet returned EAGAIN (edge-triggered).
    ///
    /// This and `canWrite` stay beside `state`, not in it: they are the readiness the last epoll edge and the last
    /// read or write left, and change with every read and write in any state. Once the input is closed `canRead`
    /// no longer matters.
    var canRead = false
    /// The socket reported writable and has not yet returned EAGAIN (edge-triggered).
    var canWrite = true
    /// Whether the connection is in its event loop's list to service after the mailbox's messages.
    ///
    /// The loop's bookkeeping for one turn, not the connection's life: set and cleared within a turn, in any state.
    var isScheduled = false

    /// Creates a connection of `caller` on `fd`, reading, with its limits.
    init(
        id: UInt64, fd: FileDescriptor, caller: Caller, context: RequestContext, maximumLineBytes: Int,
        maximumRequestsInFlight: Int = 1024, maximumReplyBytes: Int = 64 << 20, subscriberBufferLimit: Int = 4 << 20
    ) {
        self.id = id
        self.fd = fd
        self.caller = caller
        self.context = context
        self.framer = LineFramer(maximumLineBytes: maximumLineBytes)
        self.admission = RequestAdmission(
            maximumRequestsInFlight: maximumRequestsInFlight, maximumReplyBytes: maximumReplyBytes, uid: caller.uid)
        self.subscriberBufferLimit = subscriberBufferLimit
    }

    /// Bytes of replies and events waiting to be written: in the output, and kept behind a waiting request.
    var pendingOutputCount: Int { output.bytes.count - sentCount + pipeline.keptBytes }

    /// Whether everything read has been answered and written.
    var isDrained: Bool { output.bytes.count == sentCount && pipeline.isIdle }

    /// Whether the next complete line may be taken now (`RequestAdmission` says whether the limits allow it).
    ///
    /// Not when a read waits for earlier changes or a protocol error ends the connection either. When the
    /// unread replies newly stop the taking, `onReplyLimitPause` hears of it.
    func mayTakeRequest(budgets: ReplyBudgets, userLimit: Int) -> Bool {
        guard state.takesRequests, !pipeline.isHolding else { return false }
        let verdict = admission.verdict(
            waiting: pipeline.waitingCount, unread: pendingOutputCount, budgets: budgets, userLimit: userLimit,
            waiter: context.sink)
        switch verdict {
        case .take:
            return true
        case .pause(.unreadReplies(let unread, let allowance), isNew: true):
            onReplyLimitPause?(self, unread, allowance)
            return false
        case .pause:
            return false
        }
    }

    /// Answers a line over the limit with -32600 (id null), reads nothing more, and closes once that is written:
    /// where the line ends is unknown, so nothing after it can be read as a request.
    func endAfterOverlongLine() {
        var line = JSONWriter()
        RPCEnvelope.writeError(
            id: .null,
            error: .invalidRequest("The request line is longer than \(framer.maximumLineBytes) bytes."), to: &line)
        pipeline.appendUnsolicited(line.bytes, output: &output)
        state.closeAfterFlush()
    }

    /// Called once each time the unread replies stop the reading: with the unread bytes and the allowance.
    var onReplyLimitPause: ((Connection, Int, Int) -> Void)?

    /// Notes the requests in flight after taking one, for the log.
    func noteRequestsInFlight() {
        admission.noteRequestsInFlight(pipeline.waitingCount)
    }

    /// Forgets output that has been written, keeping the buffer's storage, and gives back reply budget the
    /// connection no longer needs (all of it once nothing waits to be written).
    func discardSentOutput(budgets: ReplyBudgets) {
        if sentCount == output.bytes.count {
            output.bytes.removeAll(keepingCapacity: output.bytes.capacity <= 1 << 20)
            sentCount = 0
        } else if sentCount > 65_536, sentCount >= output.bytes.count / 2 {
            // Only once half the buffer is sent: moving the rest down after every write would copy a large reply
            // over and over (a 40 MB export leaves the socket in a few hundred writes), this copies it once.
            output.bytes.removeFirst(sentCount)
            sentCount = 0
        }
        admission.releaseSurplus(unread: pendingOutputCount, budgets: budgets)
    }

    /// Gives back every chunk of reply budget and stops waiting for one (the connection closes).
    func releaseReplyBudget(_ budgets: ReplyBudgets) {
        admission.releaseAll(budgets: budgets, waiter: context.sink)
    }
}
