import PlacesClient
import PlacesModel
import PlacesProtocol

/// One run of `placesctl watch`: watch, print, and watch again after an overflow or a lost connection.
///
/// Watching again resumes after the last revision printed (`places.watch` with `since`): the changes missed
/// meanwhile come from the daemon's change log, each printed once. Only when the log no longer reaches back does
/// the session take a fresh snapshot.
struct WatchSession: ReconnectingWatch {
    private let context: CommandContext
    private let signals: any StopSignals
    private var hasWatched = false
    private var isReconnecting = false
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
        try Reconnection.run(&self)
    }

    var socketPath: String { context.socketPath }

    var hasShown: Bool { hasWatched }

    func closeConnections() {
        context.close()
    }

    /// Notes the loss once, when reconnecting begins.
    mutating func showLost(_ error: ClientError) throws(CLIFailure) {
        if !isReconnecting {
            isReconnecting = true
            context.note(lostMessage(error))
        }
    }

    func wait(milliseconds: Int) -> Bool {
        signals.wait(milliseconds: milliseconds)
    }

    /// Calls `places.watch` (resuming after `lastRevision` once there is one) and prints the snapshot or the
    /// changes missed.
    mutating func start() throws(Reconnection.Ending) {
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
    }

    /// Prints each change; returns after an overflow.
    mutating func follow() throws(Reconnection.Ending) {
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

    /// Calls `places.watch` with `since`; nil when a fresh snapshot is needed.
    private func resume(after since: Int64) throws(Reconnection.Ending) -> JSONValue? {
        try client { () throws(ClientError) in
            try Reconnection.resume(
                after: since, call: { (params) throws(ClientError) in try context.callReportingClientErrors(params) },
                refused: { error in
                    context.note(
                        "placesd cannot resume after revision \(since) (\(error.message)); taking a fresh snapshot")
                })
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
    private func client<Value>(_ body: () throws(ClientError) -> Value) throws(Reconnection.Ending) -> Value {
        do {
            return try body()
        } catch {
            throw Reconnection.ending(of: error, socketPath: context.socketPath)
        }
    }

    /// Runs an output step, passing its failure on.
    private func output(_ body: () throws(CLIFailure) -> Void) throws(Reconnection.Ending) {
        do {
            try body()
        } catch {
            throw .failed(error)
        }
    }
}
