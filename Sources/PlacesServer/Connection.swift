import PlacesProtocol
import PlacesSystem

/// One client's state, owned by the event loop that accepted it.
final class Connection {
    /// Stop reading from a client whose unread replies exceed this many bytes (it blocks only itself).
    static let outputHighWater = 1 << 20

    /// The loop-wide token of this connection.
    let id: UInt64
    let fd: FileDescriptor
    let caller: Caller
    var framer: LineFramer
    /// The most requests read and not yet answered (`--max-requests-in-flight`); at the limit no more are read.
    let maximumRequestsInFlight: Int
    /// The most bytes of output a subscriber may leave unread before its subscription ends.
    let subscriberBufferLimit: Int
    /// Replies not yet written to the socket; `output.bytes[sentCount...]` is what remains.
    var output = JSONWriter(capacity: 4096)
    var sentCount = 0
    /// A change this connection asked for is being committed; later lines wait for it (in-order replies).
    private(set) var isAwaitingStore = false
    /// The socket reported readable and has not yet returned EAGAIN (edge-triggered).
    var canRead = false
    /// The socket reported writable and has not yet returned EAGAIN (edge-triggered).
    var canWrite = true
    /// No more bytes will be read: end of file, an oversized line, or shutdown.
    var isInputClosed = false
    /// Close once the pending output is written (after a protocol error that ends the connection).
    var closesAfterFlush = false
    /// The most requests that were in flight at once, for the log.
    private(set) var mostRequestsInFlight = 0
    /// How many times the connection stopped being read because `maximumRequestsInFlight` was reached.
    private(set) var requestLimitPauses = 0
    /// Whether the last attempt to take a request found the limit reached (a pause is counted once).
    private var isPausedAtRequestLimit = false
    /// How many bytes were dropped from the front of `output`: `output.bytes[i]` is byte `outputBase + i` of
    /// everything this connection was sent.
    private var outputBase = 0
    /// Where each answered request's reply ends in that stream, oldest first, from `firstUnwrittenReply` on.
    private var replyEnds: [Int] = []
    private var firstUnwrittenReply = 0

    init(
        id: UInt64, fd: FileDescriptor, caller: Caller, maximumLineBytes: Int, maximumRequestsInFlight: Int = 1024,
        subscriberBufferLimit: Int = 4 << 20
    ) {
        self.id = id
        self.fd = fd
        self.caller = caller
        self.framer = LineFramer(maximumLineBytes: maximumLineBytes)
        self.maximumRequestsInFlight = maximumRequestsInFlight
        self.subscriberBufferLimit = subscriberBufferLimit
    }

    /// Bytes of replies waiting to be written.
    var pendingOutputCount: Int { output.bytes.count - sentCount }

    /// Requests read whose replies are not written yet: the one waiting for the store, and every answered
    /// request whose reply still sits, wholly or partly, in `output`.
    var requestsInFlight: Int {
        (isAwaitingStore ? 1 : 0) + replyEnds.count - firstUnwrittenReply
    }

    /// Whether the next complete line may be taken now; counts a pause when the request limit stops it. When
    /// not, the connection is not read either, so the client blocks on its own socket; the event loop tries
    /// again when a reply arrives or output is written.
    func mayTakeRequest() -> Bool {
        guard !isAwaitingStore, !closesAfterFlush, pendingOutputCount < Self.outputHighWater else { return false }
        guard requestsInFlight < maximumRequestsInFlight else {
            if !isPausedAtRequestLimit {
                isPausedAtRequestLimit = true
                requestLimitPauses += 1
            }
            return false
        }
        isPausedAtRequestLimit = false
        return true
    }

    /// Records that the request just taken was answered into `output` (an empty reply for a notification).
    func requestAnswered() {
        replyEnds.append(outputBase + output.bytes.count)
        mostRequestsInFlight = max(mostRequestsInFlight, requestsInFlight)
    }

    /// Records that the request just taken waits for the store; its reply comes through `storeReplied(_:)`.
    func requestAwaitsStore() {
        isAwaitingStore = true
        mostRequestsInFlight = max(mostRequestsInFlight, requestsInFlight)
    }

    /// Appends the reply to the request that waited for the store.
    func storeReplied(_ bytes: [UInt8]) {
        output.writeRaw(bytes)
        isAwaitingStore = false
        replyEnds.append(outputBase + output.bytes.count)
    }

    /// Forgets output that has been written, keeping the buffer's storage, and the requests it answered.
    func discardSentOutput() {
        let written = outputBase + sentCount
        while firstUnwrittenReply < replyEnds.count, replyEnds[firstUnwrittenReply] <= written {
            firstUnwrittenReply += 1
        }
        if firstUnwrittenReply == replyEnds.count {
            replyEnds.removeAll(keepingCapacity: true)
            firstUnwrittenReply = 0
        } else if firstUnwrittenReply >= 4096 {
            replyEnds.removeFirst(firstUnwrittenReply)
            firstUnwrittenReply = 0
        }
        if sentCount == output.bytes.count {
            outputBase += sentCount
            output.bytes.removeAll(keepingCapacity: true)
            sentCount = 0
        } else if sentCount > 65_536 {
            outputBase += sentCount
            output.bytes.removeFirst(sentCount)
            sentCount = 0
        }
    }
}
