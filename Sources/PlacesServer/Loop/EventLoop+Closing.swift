import PlacesSystem

extension EventLoop {
    /// Takes `connection` out of the loop, gives back what it held, and closes its descriptor.
    func close(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        connection.state.close()
        context.subscriptions.end(token: connection.id)
        context.dispatcher.staging.drop(connection: ImportStaging.ConnectionKey(connection.context.sink))
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

    /// Stops accepting and reading; what was read is still answered, until `shutdownGraceNanoseconds` pass.
    func beginShutdown() {
        guard shutdownDeadline == nil else { return }
        shutdownDeadline = Clock.monotonicNanoseconds() + Self.shutdownGraceNanoseconds
        epoll.remove(listener)
        // Requests already read are still answered; nothing more is read.
        for connection in Array(connections.values) {
            connection.state.stopReading()
            connection.canRead = false
            service(connection)
        }
    }

    /// Closes what is done; returns true once every connection is closed or the grace period is over.
    func finishShutdown(deadline: UInt64) -> Bool {
        if Clock.monotonicNanoseconds() >= deadline {
            for connection in Array(connections.values) { close(connection) }
        }
        return connections.isEmpty
    }
}
