import PlacesProtocol
import PlacesSystem

/// What every event loop shares: the dispatcher, limits and the log.
struct LoopContext: Sendable {
    let dispatcher: Dispatcher
    let statistics: ServerStatistics
    let logger: Logger
    let settings: LiveSettings
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
    /// While accepting fails for want of descriptors: when to try again (the listener is not watched till then).
    private var acceptRetryTime: UInt64?
    /// Whether accepting failed for want of descriptors since this loop last accepted a connection.
    private var isShortOfDescriptors = false
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
            let timeout: Int32 = unfinished.isEmpty ? (shutdownDeadline == nil ? -1 : 100) : 0
            let count: Int
            do {
                count = try epoll.wait(into: &events, maximum: 256, timeoutMilliseconds: acceptRetryTimeout(timeout))
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
            if isShortOfDescriptors {
                isShortOfDescriptors = false
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
        if acceptRetryTime == nil {
            epoll.remove(listener)
        }
        isShortOfDescriptors = true
        let now = Clock.monotonicNanoseconds()
        acceptRetryTime = now + DescriptorShortage.retryNanoseconds
        let message = context.descriptorShortage.recordFailure(
            error, now: now, openConnections: context.statistics.connections.load(ordering: .relaxed),
            openFileLimit: ResourceLimits.openFileLimit())
        if let message { context.logger.warning(message) }
    }

    /// Watches the listener again and accepts what waits, once the retry time has come (never once shutdown
    /// has begun: the listener is done with then).
    private func resumeAcceptingIfDue() {
        guard let retry = acceptRetryTime else { return }
        guard shutdownDeadline == nil else {
            acceptRetryTime = nil
            return
        }
        guard Clock.monotonicNanoseconds() >= retry else { return }
        acceptRetryTime = nil
        do {
            try epoll.add(listener, events: [.readable], token: Self.listenerToken)
        } catch {
            context.logger.error("\(error)")
            acceptRetryTime = Clock.monotonicNanoseconds() + DescriptorShortage.retryNanoseconds
            return
        }
        acceptConnections()
    }

    /// `timeout` shortened so that the wait ends when accepting is to be tried again.
    private func acceptRetryTimeout(_ timeout: Int32) -> Int32 {
        guard let retry = acceptRetryTime else { return timeout }
        let now = Clock.monotonicNanoseconds()
        let left = Int32(clamping: retry > now ? (retry - now + 999_999) / 1_000_000 : 0)
        return timeout < 0 ? left : min(timeout, left)
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
        let open = context.statistics.connections.add(1, ordering: .relaxed).newValue
        guard open <= settings.maximumConnections else {
            context.statistics.connections.subtract(1, ordering: .relaxed)
            refuse(
                fd, credentials: credentials,
                reply: "Too many connections: the limit is \(settings.maximumConnections).",
                log: "Refused a connection: \(settings.maximumConnections) connections are open.")
            return
        }
        let limit = settings.maximumConnectionsPerUser
        guard context.statistics.admitConnection(of: credentials.uid, limit: limit) else {
            context.statistics.connections.subtract(1, ordering: .relaxed)
            refuse(
                fd, credentials: credentials,
                reply: "Too many connections from uid \(credentials.uid): the per-user limit is \(limit).",
                log: "Refused a connection of uid \(credentials.uid): it has \(limit) open, the per-user limit.")
            return
        }
        let caller: Caller
        do {
            var isAdmin = credentials.uid == 0
            if !isAdmin, let adminGroupID = settings.adminGroupID {
                isAdmin =
                    credentials.gid == adminGroupID
                    || (try? UnixSocket.peerGroups(fd))?.contains(adminGroupID) == true
            }
            caller = Caller(uid: credentials.uid, gid: credentials.gid, isAdmin: isAdmin)
            let token = nextToken
            nextToken += tokenStride
            try epoll.add(fd, events: [.readable, .writable, .readHangup, .edgeTriggered], token: token)
            connections[token] = Connection(
                id: token, fd: fd, caller: caller, maximumLineBytes: settings.maximumLineBytes,
                maximumRequestsInFlight: settings.maximumRequestsInFlight,
                subscriberBufferLimit: settings.maximumSubscriberBufferBytes
            )
            context.logger.log(
                .debug, "Client uid \(caller.uid) connected (\(open) open).", fields: Self.fields(for: credentials))
        } catch {
            context.logger.error("\(error)")
            context.statistics.releaseConnection(of: credentials.uid)
            context.statistics.connections.subtract(1, ordering: .relaxed)
            fd.close()
        }
    }

    /// Sends a connection over a limit one -32006 line with id null, logs why, and closes it.
    private func refuse(_ fd: FileDescriptor, credentials: PeerCredentials, reply: String, log: String) {
        var line = JSONWriter()
        RPCEnvelope.writeError(id: .null, error: .limitReached(reply), to: &line)
        _ = line.bytes.withUnsafeBytes { try? fd.write($0) }
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
        for message in mailbox.takeAll() {
            switch message {
            case .reply(let token, let bytes):
                guard let connection = connections[token] else { continue }
                connection.storeReplied(bytes)
                service(connection)
            case .events(let token, let generation, let bytes):
                guard let connection = connections[token],
                    context.dispatcher.hub.isCurrent(token: token, generation: generation)
                else { continue }
                if connection.pendingOutputCount + bytes.count > connection.subscriberBufferLimit {
                    context.dispatcher.hub.unsubscribe(token: token, generation: generation)
                    connection.output.writeRaw(SubscriptionHub.overflowNotice(limit: connection.subscriberBufferLimit))
                    context.logger.log(
                        .notice,
                        "Ended the subscription of client uid \(connection.caller.uid): it does not read its events.",
                        fields: [LogField("PLACESD_CLIENT_UID", "\(connection.caller.uid)")])
                } else {
                    connection.output.writeRaw(bytes)
                }
                service(connection)
            case .shutdown:
                beginShutdown()
            case .probe(let number):
                mailbox.answeredProbe.store(number, ordering: .releasing)
            }
        }
    }

    private func handle(_ event: EpollEvent) {
        guard let connection = connections[event.token] else { return }
        if !event.events.isDisjoint(with: [.readable, .readHangup, .hangup, .error]) { connection.canRead = true }
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
            // Waiting for the store, too many replies unwritten (bytes or requests): read nothing more for now.
            guard connection.mayTakeRequest() else { break }
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
                }
            } catch {
                context.logger.debug("Client uid \(connection.caller.uid): \(error)")
                return close(connection)
            }
        }
        let isFinished =
            connection.pendingOutputCount == 0 && !connection.isAwaitingStore
            && (connection.closesAfterFlush || connection.isInputClosed && !connection.canRead)
        if isFinished { close(connection) }
    }

    /// Answers the complete lines already read, in order, while the connection may take requests (none waits
    /// for the store, and the unwritten replies are under both limits); returns whether every buffered line
    /// was taken.
    private func answerBufferedLines(_ connection: Connection) -> Bool {
        while connection.mayTakeRequest() {
            switch connection.framer.nextLine() {
            case .line(let line):
                let mailbox = self.mailbox
                let token = connection.id
                let isDone = context.dispatcher.handle(
                    line: line, caller: connection.caller,
                    connection: ConnectionHandle(mailbox: mailbox, token: token), output: &connection.output
                ) { bytes in
                    mailbox.post(.reply(connection: token, bytes: bytes))
                }
                if isDone { connection.requestAnswered() } else { connection.requestAwaitsStore() }
            case .needMoreData:
                return true
            case .tooLong:
                RPCEnvelope.writeError(
                    id: .null,
                    error: .invalidRequest(
                        "The request line is longer than \(connection.framer.maximumLineBytes) bytes."),
                    to: &connection.output
                )
                connection.isInputClosed = true
                connection.closesAfterFlush = true
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
        while connection.canWrite && connection.pendingOutputCount > 0 {
            let written: Int?
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
        }
        connection.discardSentOutput()
        return true
    }

    private func close(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        context.dispatcher.hub.unsubscribe(token: connection.id)
        epoll.remove(connection.fd)
        connection.fd.close()
        // A descriptor is free: try accepting again as soon as this turn of the loop is done.
        if acceptRetryTime != nil { acceptRetryTime = 0 }
        context.statistics.releaseConnection(of: connection.caller.uid)
        let open = context.statistics.connections.subtract(1, ordering: .relaxed).newValue
        context.logger.debug(
            "Client uid \(connection.caller.uid) disconnected (\(open) open; at most "
                + "\(connection.mostRequestsInFlight) requests were in flight, reading paused "
                + "\(connection.requestLimitPauses) times at the limit of \(connection.maximumRequestsInFlight)).")
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
