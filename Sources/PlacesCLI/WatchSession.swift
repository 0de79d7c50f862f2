import PlacesClient
import PlacesModel
import PlacesProtocol

/// One run of `placesctl watch`: watch, print, and watch again after an overflow or a lost connection.
///
/// Watching again resumes after the last revision printed (`places.watch` with `since`): the changes missed
/// meanwhile come from the daemon's change log, each printed once. Only when the log no longer reaches back does
/// the session take a fresh snapshot.
struct WatchSession {
    /// The first wait before reconnecting, in milliseconds.
    static let initialBackoff = 100
    /// The longest wait between reconnection attempts, in milliseconds.
    static let maximumBackoff = 2_000

    /// Why one watch ended.
    private enum Ending: Error {
        /// SIGINT or SIGTERM arrived.
        case stopped
        /// The daemon went away or cannot be reached.
        case disconnected(ClientError)
        /// Anything else: the command fails with this.
        case failed(CLIFailure)
    }

    private let context: CommandContext
    private let signals: any StopSignals
    private var hasWatched = false
    private var isReconnecting = false
    private var backoff = initialBackoff
    /// The revision of the last snapshot or change printed; nil before the first snapshot.
    private var lastRevision: Int64?
    /// Each place as the watch last saw it, so that an update can say what it changed.
    private var known: [PlaceID: WirePlace] = [:]

    /// A session printing through `context`, stopped by `signals`.
    init(context: CommandContext, signals: any StopSignals) {
        self.context = context
        self.signals = signals
    }

    /// Watches until a stop signal arrives (then returns) or something other than a lost daemon goes wrong.
    mutating func run() throws(CLIFailure) {
        while true {
            do throws(Ending) {
                try watchOnce()
            } catch {
                switch error {
                case .stopped:
                    return
                case .failed(let failure):
                    throw failure
                case .disconnected(let clientError):
                    guard hasWatched else { throw CLIFailure(clientError, socketPath: context.socketPath) }
                    context.close()
                    if !isReconnecting {
                        isReconnecting = true
                        context.note(lostMessage(clientError))
                    }
                    if signals.wait(milliseconds: backoff) {
                        return
                    }
                    backoff = min(backoff * 2, Self.maximumBackoff)
                }
            }
        }
    }

    /// Calls `places.watch` (resuming after `lastRevision` once there is one), prints the snapshot or the changes
    /// missed, and then each change; returns after an overflow.
    private mutating func watchOnce() throws(Ending) {
        if let since = lastRevision, let resumed = try resume(after: since) {
            if isReconnecting {
                isReconnecting = false
                context.note("reconnected to placesd at '\(context.socketPath)'; resuming after revision \(since)")
            }
            try output { () throws(CLIFailure) in try printResumed(resumed) }
        } else {
            let snapshot = try client { () throws(ClientError) in try context.callReportingClientErrors(WatchParams()) }
            if isReconnecting {
                isReconnecting = false
                context.note("reconnected to placesd at '\(context.socketPath)'; a fresh snapshot follows")
            }
            try output { () throws(CLIFailure) in try printSnapshot(snapshot) }
            lastRevision = ChangeEvent.revision(in: snapshot)
        }
        hasWatched = true
        backoff = Self.initialBackoff
        while true {
            let next = try client { () throws(ClientError) in try context.nextNotification() }
            guard let notification = next else {
                throw .disconnected(.connectionClosed)
            }
            switch NotificationMethod(rawValue: notification.method) {
            case .changed:
                try output { () throws(CLIFailure) in try printChange(notification.params) }
            case .overflow:
                context.note(
                    "placesd ended the watch (\(OverflowNotice.decode(notification.params).reason ?? "no reason given")); "
                        + "watching again")
                return
            case nil:
                continue
            }
        }
    }

    /// Calls `places.watch` with `since`; nil when the daemon's change log no longer reaches back (or `since` is
    /// newer than its revision, as after the database was replaced): a fresh snapshot is needed then.
    private func resume(after since: Int64) throws(Ending) -> JSONValue? {
        do {
            return try context.callReportingClientErrors(WatchParams(since: since))
        } catch .rpc(let error)
            where error.code == RPCErrorCode.invalidParams && ErrorData.field(of: error) == WatchParams.sinceKey
        {
            context.note("placesd cannot resume after revision \(since) (\(error.message)); taking a fresh snapshot")
            return nil
        } catch {
            return try client { () throws(ClientError) in throw error }
        }
    }

    private mutating func printSnapshot(_ result: JSONValue) throws(CLIFailure) {
        if context.isJSON {
            let places = try? context.decode(result, from: Method.watch.rawValue, WatchResult.decodeSnapshot).places
            remember(places ?? [])
            return try context.writeJSON(result)
        }
        let places = try context.decode(result, from: Method.watch.rawValue, WatchResult.decodeSnapshot).places
        remember(places)
        try context.write(
            ListCommand.render(
                places, total: Int64(places.count), offset: 0, isFiltered: false, width: context.width,
                style: context.style))
    }

    /// Starts over from a snapshot's places.
    private mutating func remember(_ places: [WirePlace]) {
        known = Dictionary(places.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Prints the changes of a resumed watch's result, each as its event would be.
    private mutating func printResumed(_ result: JSONValue) throws(CLIFailure) {
        let resumed = try context.decode(result, from: "places.watch with since", WatchResult.decodeResumed)
        for change in resumed.changes {
            try printChange(change)
        }
        if let revision = resumed.revision {
            lastRevision = revision
        }
    }

    private mutating func printChange(_ params: JSONValue?) throws(CLIFailure) {
        guard let params, case .object = params else {
            throw .software("malformed places.changed notification from placesd: params are not an object")
        }
        if let revision = ChangeEvent.revision(in: params) {
            lastRevision = revision
        }
        let event: ChangeEvent
        do throws(ReplyError) {
            event = try ChangeEvent.decode(params)
        } catch .place(let refusal) {
            if context.isJSON { return try context.writeJSON(params) }
            throw .software("malformed place in the reply from placesd: \(RPCErrorMessage.text(for: refusal))")
        } catch {
            if context.isJSON { return try context.writeJSON(params) }
            throw .software("malformed places.changed notification from placesd: no 'change' or 'place'")
        }
        let previous = known[event.place.id]
        if event.change == PlaceChange.Kind.removed.rawValue {
            known[event.place.id] = nil
        } else {
            known[event.place.id] = event.place
        }
        if context.isJSON {
            return try context.writeJSON(params)
        }
        try context.write(
            ChangeLine.render(
                kind: event.change, place: event.place, index: event.index, previous: previous, style: context.style))
    }

    private func lostMessage(_ error: ClientError) -> String {
        let path = context.socketPath
        switch error {
        case .io(let systemError):
            return "lost the connection to placesd at '\(path)': \(systemError.reason); reconnecting"
        case .unreachable(_, let systemError):
            return "cannot connect to placesd at '\(path)': \(systemError.reason); reconnecting"
        default:
            return "placesd at '\(path)' closed the connection; reconnecting"
        }
    }

    /// Runs a client operation, sorting its errors into endings.
    private func client<Value>(_ body: () throws(ClientError) -> Value) throws(Ending) -> Value {
        do {
            return try body()
        } catch {
            switch error {
            case .interrupted:
                throw .stopped
            case .io, .connectionClosed, .unreachable:
                throw .disconnected(error)
            case .rpc, .protocolViolation, .timedOut:
                throw .failed(CLIFailure(error, socketPath: context.socketPath))
            }
        }
    }

    /// Runs an output step, passing its failure on.
    private func output(_ body: () throws(CLIFailure) -> Void) throws(Ending) {
        do {
            try body()
        } catch {
            throw .failed(error)
        }
    }
}
