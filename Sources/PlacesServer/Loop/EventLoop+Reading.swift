import PlacesProtocol
import PlacesSystem

extension EventLoop {
    /// Notes what an epoll event says of a connection's socket, and services it.
    func handle(_ event: EpollEvent) {
        guard let connection = connections[event.token] else { return }
        if !event.events.isDisjoint(with: [.readable, .readHangup, .hangup, .error]) { connection.canRead = true }
        if !event.events.isDisjoint(with: [.readHangup, .hangup, .error]) { connection.state.peerStoppedWriting() }
        if !event.events.isDisjoint(with: [.writable, .hangup, .error]) { connection.canWrite = true }
        service(connection)
    }

    /// Services again the connections that yielded after `readsPerTurn` reads.
    func serviceUnfinished() {
        guard !unfinished.isEmpty else { return }
        let tokens = unfinished
        unfinished.removeAll(keepingCapacity: true)
        for token in tokens {
            if let connection = connections[token] { service(connection) }
        }
    }

    /// Reads, answers and writes for `connection` as far as it can go now.
    func service(_ connection: Connection) {
        var reads = 0
        while true {
            let tookEveryLine = answerBufferedLines(connection)
            guard flush(connection) else { return close(connection) }
            // A read waiting for earlier changes, too many requests waiting, too many replies unread: read
            // nothing more for now.
            guard mayTakeRequest(connection) else { break }
            // Writing may have lifted what stopped the answering: take the lines already buffered before reading.
            guard tookEveryLine else { continue }
            guard connection.state.isReadable, connection.canRead else { break }
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
                    connection.state.reachedEndOfInput()
                    connection.canRead = false
                } else {
                    connection.framer.append(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]))
                    // A stream socket that gave less than was asked for is empty now; new data raises a new edge,
                    // so the read that would only say EAGAIN is left out. Not once the peer has shut its side: the
                    // edge that said so is gone, and only reading on finds the end.
                    if count < readBuffer.count && connection.state.trustsShortReads { connection.canRead = false }
                }
            } catch {
                context.logger.debug("Client uid \(connection.caller.uid): \(error)")
                return close(connection)
            }
        }
        // Once the input is closed, `canRead` no longer matters: a socket at its end reports itself readable with
        // every later event.
        let isFinished = connection.isDrained && connection.state.closesWhenDrained
        if isFinished { close(connection) }
    }

    private func mayTakeRequest(_ connection: Connection) -> Bool {
        connection.mayTakeRequest(budgets: context.replyBudgets, userLimit: userReplyLimit)
    }

    /// Logs (at debug level) that `connection` is not read until its client reads some of its replies.
    func logReplyLimitPause(_ connection: Connection, unread: Int, allowance: Int) {
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
}
