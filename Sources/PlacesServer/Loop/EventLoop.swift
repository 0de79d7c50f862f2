import PlacesStore
import PlacesSystem

/// An epoll loop on a thread of its own, serving the connections it accepted.
///
/// All of its state is touched only on its thread; other threads reach it through its mailbox. Its work is split
/// by concern: accepting (`EventLoop+Accepting`), the mailbox's messages (`EventLoop+Messages`), reading and
/// answering (`EventLoop+Reading`), writing (`EventLoop+Writing`), and closing and shutdown
/// (`EventLoop+Closing`). A connection's life is its `ConnectionState`, which only those transitions change.
final class EventLoop {
    /// The epoll token of the listening socket.
    static let listenerToken: UInt64 = 0
    /// The epoll token of the mailbox's eventfd.
    static let mailboxToken: UInt64 = 1
    /// How much one connection may read in a row before others get their turn.
    static let readsPerTurn = 16
    /// How long shutdown waits for replies to be written before closing anyway.
    static let shutdownGraceNanoseconds: UInt64 = 5_000_000_000

    /// The loop's epoll set: the listener, the mailbox and every connection.
    let epoll: Epoll
    /// The listening socket every loop watches.
    let listener: FileDescriptor
    /// How other threads reach this loop.
    let mailbox: LoopMailbox
    /// What every loop shares.
    let context: LoopContext
    /// The open connections, by token.
    var connections: [UInt64: Connection] = [:]
    /// The token of the next connection accepted.
    var nextToken: UInt64
    /// How far apart one loop's tokens are, so that no two loops give out the same one.
    let tokenStride: UInt64
    /// Connections that yielded after `readsPerTurn` reads, to be serviced again before the loop waits.
    var unfinished: [UInt64] = []
    /// When shutdown closes whatever is left; nil while serving.
    var shutdownDeadline: UInt64?
    /// Changes taken this turn, submitted to the store together at its end (one lock, one wake-up, and one
    /// transaction for what arrived together).
    var submissions: [PendingMutation] = []
    /// The mailbox's messages being handled; kept to reuse its storage.
    var messages: [LoopMessage] = []
    /// Connections the messages being handled touched, to be serviced after them.
    var scheduled: [Connection] = []
    /// The per-user reply budget as of this turn (reloadable).
    var userReplyLimit: Int
    /// When to accept again after running out of descriptors.
    var acceptPause = AcceptPause()
    /// Where every read of this loop lands before its framer takes it.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)

    /// Creates loop `index` of `loopCount`, watching `listener` and `mailbox`; it serves once `run` is called.
    init(index: Int, loopCount: Int, listener: FileDescriptor, mailbox: LoopMailbox, context: LoopContext)
        throws(SystemError)
    {
        self.epoll = try Epoll()
        self.listener = listener
        self.mailbox = mailbox
        self.context = context
        // Tokens 0 and 1 are the listener and the mailbox; each loop numbers its connections apart.
        self.nextToken = 2 + UInt64(index)
        self.tokenStride = UInt64(loopCount)
        self.userReplyLimit = context.settings.current.maximumReplyBytesPerUser
        try epoll.add(listener, events: [.readable], token: Self.listenerToken)
        try epoll.add(mailbox.notifier.fileDescriptor, events: [.readable], token: Self.mailboxToken)
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Serves until shutdown has finished.
    func run() {
        var events: [EpollEvent] = []
        while true {
            var timeout: Int32 = unfinished.isEmpty ? (shutdownDeadline == nil ? -1 : 100) : 0
            if acceptPause.isPaused { timeout = acceptPause.timeout(timeout, now: Clock.monotonicNanoseconds()) }
            let count: Int
            do {
                count = try epoll.wait(into: &events, maximum: 256, timeoutMilliseconds: timeout)
            } catch {
                context.logger.log(.critical, "Event loop failed: \(error)")
                return
            }
            for event in events.prefix(count) {
                switch event.token {
                case Self.listenerToken: acceptConnections()
                case Self.mailboxToken: receiveMessages()
                default: handle(event)
                }
            }
            serviceUnfinished()
            context.dispatcher.submit(&submissions)
            resumeAcceptingIfDue()
            if let deadline = shutdownDeadline, finishShutdown(deadline: deadline) { return }
        }
    }
}
