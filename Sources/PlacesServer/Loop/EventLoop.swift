import PlacesProtocol
import PlacesStore
import PlacesSystem

/// What every event loop shares: the dispatcher, limits, the users' reply budgets and the log.
struct LoopContext: Sendable {
    let dispatcher: Dispatcher
    let statistics: ServerStatistics
    let logger: Logger
    let settings: LiveSettings
    let replyBudgets: ReplyBudgets
    /// Whether a new connection may stay.
    let admission: ConnectionAdmission
    /// What becomes of events for a watching connection.
    let subscriptions: SubscriberDelivery
    /// Running out of file descriptors, logged once for all loops.
    let descriptorShortage = DescriptorShortage()
}

/// An epoll loop on a thread of its own, serving the connections it accepted.
///
/// All of its state is touched only on its thread; other threads reach it through its mailbox.
final class EventLoop {
    private static let listenerToken: UInt64 = 0
    private static let mailboxToken: UInt64 = 1
    /// How much one connection may read in a row before others get their turn.
    private static let readsPerTurn = 16
    /// How long shutdown waits for replies to be written before closing anyway.
    private static let shutdownGraceNanoseconds: UInt64 = 5_000_000_000

    private let epoll: Epoll
    private let listener: FileDescriptor
    private let mailbox: LoopMailbox
    private let context: LoopContext
    private var connections: [UInt64: Connection] = [:]
    private var nextToken: UInt64
    private var tokenStride: UInt64
    private var unfinished: [UInt64] = []
    private var shutdownDeadline: UInt64?
    /// Changes taken this turn, submitted to the store together at its end (one lock, one wake-up, and one
    /// transaction for what arrived together).
    private var submissions: [PendingMutation] = []
    /// The mailbox's messages being handled; kept to reuse its storage.
    private var messages: [LoopMessage] = []
    /// Connections the messages being handled touched, to be serviced after them.
    private var scheduled: [Connection] = []
    /// The per-user reply budget as of this turn (reloadable).
    private var userReplyLimit: Int
    /// When to accept again after running out of descriptors.
    private var acceptPause = AcceptPause()
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)

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

    // MARK: Accepting

    private func acceptConnections() {
        guard shutdownDeadline == nil else { return }
        while true {
            let fd: FileDescriptor?
            do {
                fd = try UnixSocket.accept(listener)
            } catch  where error.isOutOfDescriptors {
                return pauseAccepting(after: error)
            } catch {
                context.logger.error("\(error)")
                return
            }
            guard let fd else { return }
            if acceptPause.accepted() {
                if let message = context.descriptorShortage.recordSuccess(now: Clock.monotonicNanoseconds()) {
                    context.logger.notice(message)
                }
            }
            adopt(fd)
        }
    }

    /// Stops watching the listener, which stays readable while clients wait and would wake the loop at once,
    /// again and again, until a connection of this loop closes or `DescriptorShortage.retryNanoseconds` pass.
    private func pauseAccepting(after error: SystemError) {
        let now = Clock.monotonicNanoseconds()
        if acceptPause.failed(now: now) {
            epoll.remove(listener)
        }
        let message = context.descriptorShortage.recordFailure(
            error, now: now, openConnections: context.statistics.connections.load(ordering: .relaxed),
            openFileLimit: ResourceLimits.openFileLimit())
        if let message { context.logger.warning(message) }
    }

    /// Watches the listener again and accepts what waits, once `acceptPause` says it is time.
    private func resumeAcceptingIfDue() {
        guard acceptPause.isDue(now: Clock.monotonicNanoseconds(), isShuttingDown: shutdownDeadline != nil) else {
            return
        }
        do {
            try epoll.add(listener, events: [.readable], token: Self.listenerToken)
        } catch {
            context.logger.error("\(error)")
            acceptPause.retryLater(now: Clock.monotonicNanoseconds())
            return
        }
        acceptConnections()
    }

    private func adopt(_ fd: FileDescriptor) {
        let settings = context.settings.current
        let credentials: PeerCredentials
        do {
            credentials = try UnixSocket.peerCredentials(fd)
        } catch {
            context.logger.error("\(error)")
            fd.close()
            return
        }
        let decision = context.admission.admit(
            uid: credentials.uid, maximumConnections: settings.maximumConnections,
            maximumConnectionsPerUser: settings.maximumConnectionsPerUser)
        guard case .admitted(let open) = decision else {
            if case .refused(let reply, let log) = decision {
                refuse(fd, credentials: credentials, reply: reply, log: log)
            }
            return
        }
        let caller = ConnectionAdmission.caller(credentials, adminGroupID: settings.adminGroupID) {
            try? UnixSocket.peerGroups(fd)
        }
        do {
            let token = nextToken
            nextToken += tokenStride
            try epoll.add(fd, events: [.readable, .writable, .readHangup, .edgeTriggered], token: token)
            let connection = Connection(
                id: token, fd: fd, caller: caller,
                context: RequestContext(
                    dispatcher: context.dispatcher, caller: caller, sink: ReplySink(mailbox: mailbox, token: token)),
                maximumLineBytes: settings.maximumLineBytes,
                maximumRequestsInFlight: settings.maximumRequestsInFlight,
                maximumReplyBytes: settings.maximumReplyBytes,
                subscriberBufferLimit: settings.maximumSubscriberBufferBytes
            )
            connection.onReplyLimitPause = { [unowned self] connection, unread, allowance in
                logReplyLimitPause(connection, unread: unread, allowance: allowance)
            }
            connections[token] = connection
            context.logger.log(
                .debug, "Client uid \(caller.uid) connected (\(open) open).", fields: Self.fields(for: credentials))
        } catch {
            context.logger.error("\(error)")
            context.admission.release(uid: credentials.uid)
            fd.close()
        }
    }

    /// Sends a connection over a limit one -32006 line with id null, logs why, and closes it.
    private func refuse(_ fd: FileDescriptor, credentials: PeerCredentials, reply: String, log: String) {
        _ = ConnectionAdmission.refusalLine(reply).withUnsafeBytes { try? fd.write($0) }
        context.logger.log(.warning, log, fields: Self.fields(for: credentials))
        fd.close()
    }

    private static func fields(for credentials: PeerCredentials) -> [LogField] {
        [
            LogField("PLACESD_CLIENT_UID", "\(credentials.uid)"),
            LogField("PLACESD_CLIENT_PID", "\(credentials.pid)"),
        ]
    }

    // MARK: Events

    private func receiveMessages() {
        mailbox.takeAll(into: &messages)
        userReplyLimit = context.settings.current.maximumReplyBytesPerUser
        // Every message is applied first and each connection it touched serviced once after: the replies of one
        // commit go out in one write per connection, not one each.
        for message in messages {
            switch message {
            case .reply(let token, let slot, let part, let bytes):
                guard let connection = connections[token] else { continue }
                connection.pipeline.complete(
                    ReplyAddress(slot: slot, part: part), bytes: bytes, in: connection.context,
                    submissions: &submissions, output: &connection.output)
                scheduleService(of: connection)
            case .changed(let token, let slot, let part, let reply):
                guard let connection = connections[token] else { continue }
                var line = JSONWriter(capacity: 512)
                Dispatcher.write(reply, to: &line)
                connection.pipeline.complete(
                    ReplyAddress(slot: slot, part: part), bytes: line.bytes, in: connection.context,
                    submissions: &submissions, output: &connection.output)
                scheduleService(of: connection)
            case .events(let token, let generation, let bytes):
                guard let connection = connections[token] else { continue }
                let outcome = context.subscriptions.outcome(
                    token: token, generation: generation, pending: connection.pendingOutputCount,
                    incoming: bytes.count, limit: connection.subscriberBufferLimit)
                switch outcome {
                case .stale:
                    continue
                case .deliver:
                    connection.pipeline.appendUnsolicited(bytes, output: &connection.output)
                case .overflow(let notice):
                    connection.pipeline.appendUnsolicited(notice, output: &connection.output)
                    context.logger.log(
                        .notice,
                        "Ended the subscription of client uid \(connection.caller.uid): it does not read its events.",
                        fields: [LogField("PLACESD_CLIENT_UID", "\(connection.caller.uid)")])
                }
                scheduleService(of: connection)
            case .replyBudgetFreed(let token):
                guard let connection = connections[token] else { continue }
                scheduleService(of: connection)
            case .shutdown:
                beginShutdown()
            case .probe(let number):
                mailbox.answeredProbe.store(number, ordering: .releasing)
            }
        }
        messages.removeAll(keepingCapacity: true)
        for connection in scheduled {
            connection.isScheduled = false
            service(connection)
        }
        scheduled.removeAll(keepingCapacity: true)
    }

    /// Marks `connection` to be serviced once the mailbox's messages are applied.
    private func scheduleService(of connection: Connection) {
        guard !connection.isScheduled else { return }
        connection.isScheduled = true
        scheduled.append(connection)
    }

    private func handle(_ event: EpollEvent) {
        guard let connection = connections[event.token] else { return }
        if !event.events.isDisjoint(with: [.readable, .readHangup, .hangup, .error]) { connection.canRead = true }
        if !event.events.isDisjoint(with: [.readHangup, .hangup, .error]) { connection.hasPeerStoppedWriting = true }
        if !event.events.isDisjoint(with: [.writable, .hangup, .error]) { connection.canWrite = true }
        service(connection)
    }

    private func serviceUnfinished() {
        guard !unfinished.isEmpty else { return }
        let tokens = unfinished
        unfinished.removeAll(keepingCapacity: true)
        for token in tokens {
            if let connection = connections[token] { service(connection) }
        }
    }

    /// Reads, answers and writes for `connection` as far as it can go now.
    private func service(_ connection: Connection) {
        var reads = 0
        while true {
            let tookEveryLine = answerBufferedLines(connection)
            guard flush(connection) else { return close(connection) }
            // A read waiting for earlier changes, too many requests waiting, too many replies unread: read
            // nothing more for now.
            guard mayTakeRequest(connection) else { break }
            // Writing may have lifted what stopped the answering: take the lines already buffered before reading.
            guard tookEveryLine else { continue }
            guard !connection.isInputClosed, connection.canRead else { break }
            if reads == Self.readsPerTurn {
                unfinished.append(connection.id)
                return
            }
            reads += 1
            do {
                guard let count = try connection.fd.read(into: readBuffer) else {
                    connection.canRead = false
                    break
                }
                if count == 0 {
                    connection.isInputClosed = true
                    connection.canRead = false
                } else {
                    connection.framer.append(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]))
                    // A stream socket that gave less than was asked for is empty now; new data raises a new edge,
                    // so the read that would only say EAGAIN is left out. Not once the peer has shut its side: the
                    // edge that said so is gone, and only reading on finds the end.
                    if count < readBuffer.count && !connection.hasPeerStoppedWriting { connection.canRead = false }
                }
            } catch {
                context.logger.debug("Client uid \(connection.caller.uid): \(error)")
                return close(connection)
            }
        }
        // Once the input is closed, `canRead` no longer matters: a socket at its end reports itself readable with
        // every later event.
        let isFinished = connection.isDrained && (connection.closesAfterFlush || connection.isInputClosed)
        if isFinished { close(connection) }
    }

    private func mayTakeRequest(_ connection: Connection) -> Bool {
        connection.mayTakeRequest(budgets: context.replyBudgets, userLimit: userReplyLimit)
    }

    /// Logs (at debug level) that `connection` is not read until its client reads some of its replies.
    private func logReplyLimitPause(_ connection: Connection, unread: Int, allowance: Int) {
        context.logger.log(
            .debug,
            "Client uid \(connection.caller.uid) (connection \(connection.id)) has \(unread) bytes of replies "
                + "unread, its allowance "
                + "\(allowance) (\(connection.admission.reservedReplyBytes) of them from its user's budget, which has "
                + "\(context.replyBudgets.reservedBytes(of: connection.caller.uid)) of \(userReplyLimit) reserved); "
                + "reading paused.",
            fields: [LogField("PLACESD_CLIENT_UID", "\(connection.caller.uid)")])
    }

    /// Takes the complete lines already read, in order, while the connection may take requests; returns whether
    /// every buffered line was taken.
    private func answerBufferedLines(_ connection: Connection) -> Bool {
        while mayTakeRequest(connection) {
            switch connection.framer.nextLine() {
            case .line(let line):
                connection.pipeline.take(
                    line, in: connection.context, submissions: &submissions, output: &connection.output)
                connection.noteRequestsInFlight()
            case .needMoreData:
                return true
            case .tooLong:
                connection.endAfterOverlongLine()
                context.logger.log(
                    .notice,
                    "Client uid \(connection.caller.uid) sent a line over \(connection.framer.maximumLineBytes) bytes; closing.",
                    fields: [LogField("PLACESD_CLIENT_UID", "\(connection.caller.uid)")])
                return false
            }
        }
        return false
    }

    /// Writes pending replies; returns false when the connection is broken.
    private func flush(_ connection: Connection) -> Bool {
        while connection.canWrite && connection.output.bytes.count > connection.sentCount {
            let written: Int?
            let remaining = connection.output.bytes.count - connection.sentCount
            do {
                written = try connection.output.bytes.withUnsafeBytes { bytes throws(SystemError) in
                    try connection.fd.write(UnsafeRawBufferPointer(rebasing: bytes[connection.sentCount...]))
                }
            } catch {
                context.logger.debug("Client uid \(connection.caller.uid): \(error)")
                return false
            }
            guard let written else {
                connection.canWrite = false
                break
            }
            connection.sentCount += written
            // A stream socket that took less than it was given is full; it raises a new edge when it has room.
            if written < remaining { connection.canWrite = false }
        }
        connection.discardSentOutput(budgets: context.replyBudgets)
        return true
    }

    private func close(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        context.subscriptions.end(token: connection.id)
        connection.releaseReplyBudget(context.replyBudgets)
        epoll.remove(connection.fd)
        connection.fd.close()
        // A descriptor is free: try accepting again as soon as this turn of the loop is done.
        acceptPause.descriptorFreed()
        let open = context.admission.release(uid: connection.caller.uid)
        context.logger.debug(
            "Client uid \(connection.caller.uid) disconnected (\(open) open; at most "
                + "\(connection.admission.mostRequestsInFlight) requests were in flight, reading paused "
                + "\(connection.admission.requestLimitPauses) times at the limit of \(connection.admission.maximumRequestsInFlight); "
                + "at most \(connection.admission.mostUnreadReplyBytes) bytes of replies were unread, reading paused "
                + "\(connection.admission.replyLimitPauses) times at the bound of \(connection.admission.maximumReplyBytes))."
        )
    }

    // MARK: Shutdown

    private func beginShutdown() {
        guard shutdownDeadline == nil else { return }
        shutdownDeadline = Clock.monotonicNanoseconds() + Self.shutdownGraceNanoseconds
        epoll.remove(listener)
        // Requests already read are still answered; nothing more is read.
        for connection in Array(connections.values) {
            connection.isInputClosed = true
            connection.canRead = false
            service(connection)
        }
    }

    /// Closes what is done; returns true once every connection is closed or the grace period is over.
    private func finishShutdown(deadline: UInt64) -> Bool {
        if Clock.monotonicNanoseconds() >= deadline {
            for connection in Array(connections.values) { close(connection) }
        }
        return connections.isEmpty
    }
}
