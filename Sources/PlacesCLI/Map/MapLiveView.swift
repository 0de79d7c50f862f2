import PlacesClient
import PlacesMap
import PlacesModel
import PlacesProtocol
import PlacesSystem

/// `placesctl map --watch`: the map on the alternate screen, redrawn after every change `places.watch` delivers,
/// on a resize, and after the daemon comes back.
///
/// The watch runs on one connection and the drawings' `places.density` requests on another, so that a reply is
/// never read past notifications. A watch starts after the store's current revision (`server.status`), so no
/// snapshot of every place is sent; after a reconnection the map is simply drawn again, which shows whatever
/// changed meanwhile. Changes that come in a burst are drawn together: a drawing follows a change at once, unless
/// the last one is less than `coalescing` old, and then when it is.
struct MapLiveView: ReconnectingWatch {
    /// The least time between two drawings, in milliseconds.
    static let coalescing: UInt64 = 50

    private let request: MapRequest
    /// The watch's connection.
    private let watching: CommandContext
    /// The drawings' connection.
    private let drawing: CommandContext
    private let signals: MapSignals
    private let coastline: Coastline
    /// The lines last drawn.
    private var lines: [String] = []
    /// When the last drawing was made, in monotonic nanoseconds.
    private var drawnAt: UInt64 = 0

    /// A live view of `request`, watching through `context`; catches its signals at once.
    init(_ request: MapRequest, context: CommandContext) throws(CLIFailure) {
        self.request = request
        watching = context
        coastline = MapCoastline.load(environment: context.runtime.environment).coastline
        drawing = CommandContext(globals: context.globals, runtime: context.runtime)
        do {
            signals = try MapSignals()
        } catch {
            throw .software("cannot catch SIGINT, SIGTERM and SIGWINCH: \(error)")
        }
        watching.interruption = signals.fileDescriptor
        drawing.interruption = signals.fileDescriptor
    }

    /// Draws and redraws until a stop signal arrives (then returns 0), the terminal given back in every case.
    mutating func run() throws(CLIFailure) {
        try write(MapScreen.enter)
        defer { try? write(MapScreen.leave) }
        try Reconnection.run(&self)
    }

    var socketPath: String { watching.socketPath }

    /// Whether anything was drawn: before, a daemon out of reach fails the command as any other would.
    var hasShown: Bool { !lines.isEmpty }

    func closeConnections() {
        watching.close()
        drawing.close()
    }

    /// Watches from the store's revision now and draws.
    mutating func start() throws(Reconnection.Ending) {
        try subscribe()
        try draw()
    }

    /// Redraws as changes and resizes come; returns after an overflow (the watch starts again).
    mutating func follow() throws(Reconnection.Ending) {
        var drawAt: UInt64?
        while true {
            let now = Clock.monotonicNanoseconds()
            if let due = drawAt, due <= now {
                drawAt = nil
                try draw()
                continue
            }
            let timeout = drawAt.map { Int32(clamping: ($0 - now + 999_999) / 1_000_000) }
            let next: ServerNotification?
            do {
                next = try watching.nextNotification(timeoutMilliseconds: timeout)
            } catch .timedOut {
                continue
            } catch .interrupted {
                let pending = signals.take()
                if pending.isStop { throw .stopped }
                if pending.isResize { drawAt = Clock.monotonicNanoseconds() }
                continue
            } catch {
                throw ending(error)
            }
            guard let next else { throw .disconnected(.connectionClosed) }
            switch NotificationMethod(rawValue: next.method) {
            case .changed:
                drawAt = drawAt ?? max(Clock.monotonicNanoseconds(), drawnAt + Self.coalescing * 1_000_000)
            case .overflow:
                return
            case nil:
                continue
            }
        }
    }

    /// Starts the watch after the store's current revision; a daemon that cannot resume there sends a snapshot.
    private func subscribe() throws(Reconnection.Ending) {
        try client { () throws(ClientError) in
            let status = try watching.callReportingClientErrors(Method.status.rawValue)
            let call = { (params: WatchParams) throws(ClientError) in try watching.callReportingClientErrors(params) }
            let revision = status["revision"]?.numberValue?.integerValue
            if try Reconnection.resume(after: revision, call: call, refused: { _ in }) == nil {
                _ = try call(WatchParams())
            }
        }
    }

    /// Draws the map at the terminal's size now, or says that the terminal is too small.
    private mutating func draw() throws(Reconnection.Ending) {
        while true {
            drawnAt = Clock.monotonicNanoseconds()
            let canvas: (columns: Int, rows: Int)
            do {
                canvas = try MapRequest.canvas(given: request.size, terminal: terminalSize())
            } catch {
                lines = [Sentence.ending(error.report.split(separator: "\n").first.map(String.init) ?? "")]
                return try show(lines)
            }
            let picture: MapDrawing
            do {
                picture = try MapDrawing(request, canvas: canvas) { (params) throws(ClientError) in
                    try drawing.callReportingClientErrors(params)
                }
            } catch .interrupted {
                // A resize while drawing: draw again at the new size, on a new connection (the interrupted
                // request's reply is still to come on the old one); a stop ends the view.
                if signals.take().isStop { throw .stopped }
                drawing.close()
                continue
            } catch {
                throw ending(error)
            }
            lines = picture.lines(coastline: coastline, style: MapCommand.style(request, context: watching))
            return try show(lines)
        }
    }

    /// Shows that the daemon is away, over the legend's line.
    func showLost(_ error: ClientError) throws(CLIFailure) {
        // What is going on first: the line is cut to the terminal's width, and a long socket path must not push
        // it off the edge (or wrap it onto a line of the map).
        let status = "placesd is not answering, reconnecting… ('\(watching.socketPath)': \(reason(error)))"
        let columns = terminalSize()?.columns ?? TextLayout.defaultWidth
        try write(MapScreen.frame(MapScreen.withStatus(lines, status, columns: columns, style: watching.style)))
    }

    func wait(milliseconds: Int) -> Bool {
        signals.wait(milliseconds: milliseconds).isStop
    }

    /// The terminal's size now.
    private func terminalSize() -> (columns: Int, rows: Int)? {
        let fd = FileDescriptor.standardOutput.rawValue
        guard let columns = Terminal.columns(fd), let rows = Terminal.rows(fd) else { return nil }
        return (columns, rows)
    }

    private func show(_ lines: [String]) throws(Reconnection.Ending) {
        do {
            try write(MapScreen.frame(lines))
        } catch {
            throw .failed(error)
        }
    }

    private func write(_ text: String) throws(CLIFailure) {
        try watching.write(text)
    }

    private func reason(_ error: ClientError) -> String {
        switch error {
        case .io(let systemError), .unreachable(_, let systemError): systemError.reason
        default: "connection closed"
        }
    }

    /// Runs a client operation, sorting its errors into endings.
    private func client<Value>(_ body: () throws(ClientError) -> Value) throws(Reconnection.Ending) -> Value {
        do {
            return try body()
        } catch {
            throw ending(error)
        }
    }

    /// The ending a client error means: an interrupted request ends the view on a stop signal, and starts the
    /// connections over on a resize.
    private func ending(_ error: ClientError) -> Reconnection.Ending {
        Reconnection.ending(of: error, socketPath: watching.socketPath) {
            signals.take().isStop ? .stopped : .restart
        }
    }
}
