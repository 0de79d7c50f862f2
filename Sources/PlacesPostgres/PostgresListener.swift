import Glibc
import PlacesLocking
import PlacesSystem

/// A thread of its own with a connection that LISTENs for the hosts' commits and wakes the store to follow the
/// log; it also wakes it every poll interval, since notifications are lost when the server restarts, never reach
/// a standby and vanish behind a transaction-pooling proxy. After a failure it reconnects with backoff and wakes
/// the store once connected, to catch up.
final class PostgresListener: Sendable {
    private let stop: EventNotifier?
    private let isStopping = Locked(false)
    private let thread: SystemThread?

    /// Starts listening on `conninfo`; `wake` gets the revision a notification named, or nil for a poll.
    init(conninfo: String, pollIntervalMilliseconds: Int32, wake: @escaping @Sendable (Int64?) -> Void) {
        let stop = try? EventNotifier()
        self.stop = stop
        let isStopping = self.isStopping
        thread = try? SystemThread.spawn(name: "placesd-listen") {
            Self.listen(
                conninfo: conninfo, interval: pollIntervalMilliseconds, stop: stop, isStopping: isStopping,
                wake: wake)
        }
    }

    /// Stops the thread and closes its connection.
    func close() {
        isStopping.withLock { $0 = true }
        stop?.signal()
        thread?.join()
    }

    private static func listen(
        conninfo: String, interval: Int32, stop: EventNotifier?, isStopping: Locked<Bool>,
        wake: @Sendable (Int64?) -> Void
    ) {
        var delay = Int32(PostgresEngine.initialReconnectDelay)
        while !isStopping.withLock({ $0 }) {
            do throws(PGError) {
                let connection = try PGConnection(
                    conninfo: conninfo, settings: [], timeoutMilliseconds: PostgresEngine.timeoutMilliseconds)
                defer { connection.close() }
                _ = try connection.run([PGCommand(sql: "LISTEN \(PostgresSchema.channel)")])[0].get()
                delay = Int32(PostgresEngine.initialReconnectDelay)
                // Whatever was committed while this host was not listening.
                wake(nil)
                while !isStopping.withLock({ $0 }) {
                    switch waitForInput(on: connection.socket, stop: stop, timeout: interval) {
                    case .stopped: return
                    case .timedOut: wake(nil)
                    case .readable:
                        let payloads = try connection.notifications()
                        // One wake-up for all of them: following reads the log up to the newest.
                        if let newest = payloads.compactMap({ Int64($0) }).max() { wake(newest) }
                    }
                }
            } catch {
                if case .stopped = waitForInput(on: -1, stop: stop, timeout: delay) { return }
                delay = min(delay * 2, Int32(PostgresEngine.maximumReconnectDelay))
            }
        }
    }

    private enum Wait {
        case readable, timedOut, stopped
    }

    /// Waits for `socket` (or nothing, with -1) to be readable, the stop signal, or `timeout` milliseconds.
    private static func waitForInput(on socket: Int32, stop: EventNotifier?, timeout: Int32) -> Wait {
        var descriptors = [
            pollfd(fd: stop?.fileDescriptor.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, timeout)
        if ready > 0, descriptors[0].revents != 0 { return .stopped }
        if ready > 0 { return .readable }
        return .timedOut
    }
}
