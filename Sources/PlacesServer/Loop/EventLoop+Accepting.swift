import PlacesSystem

extension EventLoop {
    /// Accepts every connection that waits, until `accept` says none is left or fails.
    func acceptConnections() {
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
    func resumeAcceptingIfDue() {
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

    /// Takes `fd` on as a connection of this loop, or refuses it when a limit says so.
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
}
