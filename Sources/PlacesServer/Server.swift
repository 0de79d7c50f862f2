import Glibc
import PlacesStore
import PlacesSystem
import PlacesSystemd

/// The daemon's life: open the store, listen, serve on event loops, stop cleanly on a signal.
public final class Server {
    private let configuration: ServerConfiguration
    private let logger: Logger
    private let signals: SignalReceiver

    /// Prepares a server; `signals` must have been created before any other thread started.
    public init(configuration: ServerConfiguration, logger: Logger, signals: SignalReceiver) {
        self.configuration = configuration
        self.logger = logger
        self.signals = signals
    }

    /// Serves until SIGTERM or SIGINT; returns the process exit status.
    public func run() -> Int32 {
        let fileLimit = try? ResourceLimits.raiseOpenFileLimit()
        let store: PlaceStore
        do {
            try FileSystem.createParentDirectories(of: configuration.databasePath)
            var options = StoreOptions()
            options.maximumPlacesPerOwner = configuration.maximumPlacesPerUser
            store = try PlaceStore(path: configuration.databasePath, options: options)
        } catch let error as StoreError {
            logger.error("Failed to open \(error)")
            return 1
        } catch {
            logger.error("Failed to open database '\(configuration.databasePath)': \(error)")
            return 1
        }
        let listener: FileDescriptor
        do {
            try FileSystem.createParentDirectories(of: configuration.socketPath)
            listener = try UnixSocket.listen(path: configuration.socketPath, mode: configuration.socketMode)
        } catch {
            logger.error("\(error)")
            store.close()
            return 1
        }
        defer {
            listener.close()
            unlink(configuration.socketPath)
        }

        let statistics = ServerStatistics()
        let context = LoopContext(
            dispatcher: Dispatcher(store: store, statistics: statistics, adminGroupName: configuration.adminGroup),
            statistics: statistics,
            logger: logger,
            maximumConnections: configuration.maximumConnections,
            maximumLineBytes: configuration.maximumLineBytes,
            adminGroupID: Groups.groupID(named: configuration.adminGroup)
        )
        let loops: [(mailbox: LoopMailbox, thread: SystemThread)]
        do {
            loops = try Self.startLoops(listener: listener, context: context)
        } catch {
            logger.error("\(error)")
            store.close()
            return 1
        }

        let placeCount = store.snapshot().count
        logger.info(
            "Serving \(placeCount) places from '\(configuration.databasePath)' on '\(configuration.socketPath)'"
                + (fileLimit.map { " (up to \($0) open files)" } ?? "") + "."
        )
        ServiceManager.notify("READY=1\nSTATUS=\(statusLine(store: store, statistics: statistics))")

        waitForStopSignal(store: store, statistics: statistics)

        ServiceManager.notify("STOPPING=1\nSTATUS=Stopping.")
        logger.info("Stopping: answering the requests already read.")
        for loop in loops { loop.mailbox.post(.shutdown) }
        for loop in loops { loop.thread.join() }
        store.close()
        logger.info("Stopped.")
        return 0
    }

    private static func startLoops(
        listener: FileDescriptor, context: LoopContext
    ) throws(SystemError) -> [(mailbox: LoopMailbox, thread: SystemThread)] {
        let count = max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 8))
        var loops: [(mailbox: LoopMailbox, thread: SystemThread)] = []
        for index in 0..<count {
            let mailbox = try LoopMailbox()
            // Built here so that a set-up failure stops the start; from then on only its thread uses it.
            let loop = try EventLoop(
                index: index, loopCount: count, listener: listener, mailbox: mailbox, context: context
            )
            let box = UncheckedTransfer(loop)
            let thread = try SystemThread.spawn(name: "placesd-io-\(index)") {
                box.value.run()
            }
            loops.append((mailbox, thread))
        }
        return loops
    }

    /// Blocks until SIGTERM or SIGINT, refreshing the service manager's status line now and then.
    private func waitForStopSignal(store: PlaceStore, statistics: ServerStatistics) {
        guard let epoll = try? Epoll() else { return }
        try? epoll.add(signals.fileDescriptor, events: [.readable], token: 0)
        var events: [EpollEvent] = []
        var lastStatus = ""
        while true {
            _ = try? epoll.wait(into: &events, maximum: 4, timeoutMilliseconds: 2000)
            while let signal = signals.next() {
                switch signal {
                case SIGTERM, SIGINT:
                    logger.notice("Received \(signal == SIGTERM ? "SIGTERM" : "SIGINT").")
                    return
                default:
                    logger.notice("Ignoring signal \(signal): nothing to reload yet.")
                }
            }
            let status = statusLine(store: store, statistics: statistics)
            if status != lastStatus {
                ServiceManager.notify("STATUS=\(status)")
                lastStatus = status
            }
        }
    }

    private func statusLine(store: PlaceStore, statistics: ServerStatistics) -> String {
        let places = store.snapshot().count
        let connections = statistics.connections.load(ordering: .relaxed)
        return "Serving \(places) places, \(connections) connections."
    }
}

/// Carries a value to the thread that will be its only user.
///
/// `@unchecked Sendable` holds because the creating thread gives the value up: after the handover
/// only the receiving thread touches it.
private struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
