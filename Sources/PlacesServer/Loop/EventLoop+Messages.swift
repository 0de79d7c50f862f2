import PlacesProtocol
import PlacesSystem

extension EventLoop {
    /// Applies every message in the mailbox, then services each connection they touched once.
    func receiveMessages() {
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
            // Shutdown, among the messages, may have closed a connection scheduled before it.
            if !connection.state.isClosed { service(connection) }
        }
        scheduled.removeAll(keepingCapacity: true)
    }

    /// Marks `connection` to be serviced once the mailbox's messages are applied.
    private func scheduleService(of connection: Connection) {
        guard !connection.isScheduled else { return }
        connection.isScheduled = true
        scheduled.append(connection)
    }
}
