import PlacesClient
import PlacesModel
import PlacesProtocol

/// One watch that a `Reconnection` starts again and again: `placesctl watch` prints, `placesctl map --watch`
/// draws.
protocol ReconnectingWatch {
    /// The daemon's socket, for the error when it cannot be reached before anything was shown.
    var socketPath: String { get }
    /// Whether anything was shown yet: until then, a daemon out of reach fails the command as any other would.
    var hasShown: Bool { get }
    /// Subscribes with `places.watch` and shows where things stand; the wait before reconnecting starts over after.
    mutating func start() throws(Reconnection.Ending)
    /// Shows each notification until the watch is to start again (after an overflow): returns then.
    mutating func follow() throws(Reconnection.Ending)
    /// Closes the connections, before starting again.
    func closeConnections()
    /// Says that the daemon went away, before each wait to reconnect.
    mutating func showLost(_ error: ClientError) throws(CLIFailure)
    /// Waits up to `milliseconds`, or less if a stop signal arrives; returns whether one did.
    func wait(milliseconds: Int) -> Bool
}

/// The loop `placesctl watch` and `placesctl map --watch` share: watch, start again after an overflow, and after a
/// lost connection say so and reconnect, waiting 0.1 s doubling up to 2 s between attempts, across a restart of
/// the daemon, until SIGINT or SIGTERM.
enum Reconnection {
    /// The first wait before reconnecting, in milliseconds.
    static let initialBackoff = 100
    /// The longest wait between reconnection attempts, in milliseconds.
    static let maximumBackoff = 2_000

    /// Why one watch ended.
    enum Ending: Error {
        /// SIGINT or SIGTERM arrived.
        case stopped
        /// The daemon went away or cannot be reached.
        case disconnected(ClientError)
        /// The connections are to start over at once (a resize interrupted a request whose reply is still to come).
        case restart
        /// Anything else: the command fails with this.
        case failed(CLIFailure)
    }

    /// Runs `watch` until a stop signal arrives (then returns) or something other than a lost daemon goes wrong.
    static func run(_ watch: inout some ReconnectingWatch) throws(CLIFailure) {
        var backoff = initialBackoff
        while true {
            do throws(Ending) {
                try watch.start()
                backoff = initialBackoff
                try watch.follow()
            } catch {
                switch error {
                case .stopped:
                    return
                case .failed(let failure):
                    throw failure
                case .restart:
                    watch.closeConnections()
                case .disconnected(let clientError):
                    guard watch.hasShown else { throw CLIFailure(clientError, socketPath: watch.socketPath) }
                    watch.closeConnections()
                    try watch.showLost(clientError)
                    if watch.wait(milliseconds: backoff) {
                        return
                    }
                    backoff = min(backoff * 2, maximumBackoff)
                }
            }
        }
    }

    /// The ending a client error means; `interrupted` says what an interrupted wait means.
    static func ending(
        of error: ClientError, socketPath: String, interrupted: () -> Ending = { .stopped }
    ) -> Ending {
        switch error {
        case .interrupted:
            return interrupted()
        case .io, .connectionClosed, .unreachable:
            return .disconnected(error)
        case .rpc, .protocolViolation, .timedOut:
            return .failed(CLIFailure(error, socketPath: socketPath))
        }
    }

    /// Calls `places.watch` after revision `since` through `call`; nil when the daemon refuses `since` (its change
    /// log no longer reaches back, or `since` is newer than its revision, as after the database was replaced): a
    /// fresh snapshot is needed then. `refused` is told why.
    static func resume(
        after since: Int64?, call: (WatchParams) throws(ClientError) -> JSONValue, refused: (RPCError) -> Void
    ) throws(ClientError) -> JSONValue? {
        do {
            return try call(WatchParams(since: since))
        } catch .rpc(let error)
            where error.code == RPCErrorCode.invalidParams && ErrorData.field(of: error) == WatchParams.sinceKey
        {
            refused(error)
            return nil
        }
    }
}
