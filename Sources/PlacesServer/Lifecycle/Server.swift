import Glibc
import PlacesPersistence
import PlacesSealing
import PlacesState
import PlacesStore
import PlacesSystem
import PlacesSystemd

/// The daemon's life: open the store, listen (or take systemd's socket), serve on event loops, reload on
/// SIGHUP, stop cleanly on SIGTERM or SIGINT.
public final class Server {
    private let invocation: DaemonInvocation
    private var configuration: ServerConfiguration
    private let logger: Logger
    private let signals: SignalReceiver

    /// Prepares a server; `signals` must have been created before any other thread started.
    public init(
        invocation: DaemonInvocation, configuration: ServerConfiguration, logger: Logger, signals: SignalReceiver
    ) {
        self.invocation = invocation
        self.configuration = configuration
        self.logger = logger
        self.signals = signals
    }

    /// Serves until SIGTERM or SIGINT; returns the process exit status.
    public func run() -> Int32 {
        let fileLimit = try? ResourceLimits.raiseOpenFileLimit()
        var options = EngineOptions()
        options.changeLogLimits = ChangeLogLimits(
            maximumEntries: configuration.maximumChangeLogEntries,
            maximumAgeSeconds: configuration.maximumChangeLogAge)
        if let path = configuration.keyFilePath {
            do {
                let (key, isExposed) = try KeyFile.read(path)
                if isExposed {
                    logger.warning("The key file '\(path)' may be read by other users; make it mode 0400 or 0600.")
                }
                options.key = key
            } catch {
                logger.error("Failed to read the \(error)")
                return Daemon.configurationExitStatus
            }
        }
        guard let store = openStore(options: options) else { return 1 }
        // Loading left its passing arrays free in the heaps; the kernel gets them back before serving.
        MemoryAllocator.releaseFreeMemory()
        guard let listener = openListener() else {
            store.close()
            return 1
        }
        defer {
            listener.fd.close()
            if listener.isOwned { unlink(configuration.socketPath) }
        }

        let statistics = ServerStatistics()
        let settings = LiveSettings(configuration)
        let hub = SubscriptionHub()
        store.setChangeObserver { changes in hub.publish(changes) }
        store.setGapObserver { hub.interruptAll() }
        let backups = StorageEngines.backups(of: configuration.databasePath, logger: logger)
        backups.removeTemporariesBesideDatabase()
        let context = LoopContext(
            dispatcher: Dispatcher(
                store: store, statistics: statistics, settings: settings, hub: hub, logger: logger, backups: backups),
            statistics: statistics,
            logger: logger,
            settings: settings,
            replyBudgets: ReplyBudgets(),
            admission: ConnectionAdmission(statistics: statistics),
            subscriptions: SubscriberDelivery(hub: hub)
        )
        let loops: [(mailbox: LoopMailbox, thread: SystemThread)]
        let signalWait: Epoll
        do {
            signalWait = try Epoll()
            try signalWait.add(signals.fileDescriptor, events: [.readable], token: 0)
            let mailboxes = try (0..<Self.loopCount).map { _ throws(SystemError) in try LoopMailbox() }
            // Before any loop runs: the writer leaves the wake-up for its replies to this.
            store.setCompletionsDeliveredHandler {
                for mailbox in mailboxes { mailbox.signalIfOwed() }
            }
            loops = try Self.startLoops(listener: listener.fd, mailboxes: mailboxes, context: context)
        } catch {
            logger.error("\(error)")
            store.close()
            return 1
        }

        logger.info(
            "Serving \(store.snapshot().count) places from '\(store.path)' on "
                + (listener.isOwned ? "'\(configuration.socketPath)'" : "the socket passed by systemd")
                + (fileLimit.map { " (up to \($0) open files)" } ?? "") + "."
        )
        if let fileLimit, fileLimit < UInt64(configuration.maximumConnections) + Self.descriptorsBesideConnections {
            logger.warning(
                "The open file limit (\(fileLimit)) leaves room for fewer connections than max-connections "
                    + "(\(configuration.maximumConnections)): once the descriptors run out, new clients wait until "
                    + "others close. Raise LimitNOFILE= (ulimit -n), or lower max-connections.")
        }
        ServiceManager.notify("READY=1\nSTATUS=\(statusLine(store: store, statistics: statistics))")

        serveSignals(
            on: signalWait, store: store, statistics: statistics, settings: settings, mailboxes: loops.map(\.mailbox))

        ServiceManager.notify("STOPPING=1\nSTATUS=Stopping.")
        logger.info("Stopping: answering the requests already read.")
        for loop in loops { loop.mailbox.post(.shutdown) }
        for loop in loops { loop.thread.join() }
        store.close()
        logger.info("Stopped.")
        return 0
    }

    /// About how many descriptors the daemon holds besides its connections: standard streams, the listener,
    /// the database and its WAL, the checkpointer's connection, each event loop's epoll and eventfd, the
    /// signalfd (about 15 with one event loop, 30 with eight), and some to spare.
    static let descriptorsBesideConnections: UInt64 = 48

    /// Opens the database with the engine of its kind (see `StorageEngines`) and `options`, and makes the store
    /// of it; a key that does not open a sealed store is logged and the store opened locked, since a wrong key
    /// must never keep the daemon from starting.
    private func openStore(options: EngineOptions) -> PlaceStore? {
        let database = configuration.databasePath
        let path = StorageEngines.describe(database)
        if let pgpass = configuration.passwordFilePath, getenv("PGPASSFILE") == nil {
            // libpq reads the password for the connection from here; nothing else of placesd reads it.
            setenv("PGPASSFILE", pgpass, 1)
        }
        do throws(StoreError) {
            let engine: any PersistenceEngine
            do {
                engine = try StorageEngines.open(database, options: options)
            } catch .wrongKey {
                logger.error(
                    "The key in '\(configuration.keyFilePath ?? "")' does not open '\(path)': starting locked "
                        + "until the right key is given with 'placesctl unlock'.")
                var withoutKey = options
                withoutKey.key = nil
                engine = try StorageEngines.open(database, options: withoutKey)
            }
            let store = PlaceStore(engine: engine, maximumPlacesPerOwner: configuration.maximumPlacesPerUser)
            if store.snapshot().isLocked {
                if options.key == nil {
                    logger.warning("'\(path)' is encrypted and no key was given: locked until 'placesctl unlock'.")
                }
            } else if store.isEncrypted {
                logger.info("Places in '\(path)' are sealed with the key from '\(configuration.keyFilePath ?? "")'.")
            }
            return store
        } catch {
            logger.error("Failed to open \(error)")
            return nil
        }
    }

    /// The socket systemd passed (socket activation), or one bound at the configured path.
    private func openListener() -> (fd: FileDescriptor, isOwned: Bool)? {
        let passed = ServiceManager.listenedSockets()
        if let first = passed.first {
            for extra in passed.dropFirst() {
                logger.warning("Ignoring the extra socket '\(extra.name)' passed by systemd.")
            }
            guard ServiceManager.isListeningUnixStreamSocket(first.fileDescriptor) else {
                logger.error("The socket '\(first.name)' passed by systemd is not a listening Unix stream socket.")
                return nil
            }
            do {
                try first.fileDescriptor.setNonBlocking(true)
            } catch {
                logger.error("\(error)")
                return nil
            }
            return (first.fileDescriptor, false)
        }
        do {
            try FileSystem.createParentDirectories(of: configuration.socketPath)
            let fd = try UnixSocket.listen(path: configuration.socketPath, mode: configuration.socketMode)
            return (fd, true)
        } catch {
            logger.error("\(error)")
            return nil
        }
    }

    /// One core is left to the clients, which a Unix socket has on this machine, and to the writer thread: with as
    /// many loops as cores, a loop, a client and the writer took turns on a core, and a request waiting out a time
    /// slice put `places.get`'s p99 near 4 ms on two cores (0.5 ms with one loop less).
    private static let loopCount = max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) - 1, 8))

    private static func startLoops(
        listener: FileDescriptor, mailboxes: [LoopMailbox], context: LoopContext
    ) throws(SystemError) -> [(mailbox: LoopMailbox, thread: SystemThread)] {
        var loops: [(mailbox: LoopMailbox, thread: SystemThread)] = []
        for (index, mailbox) in mailboxes.enumerated() {
            // Built here so that a set-up failure stops the start; from then on only its thread uses it.
            let loop = try EventLoop(
                index: index, loopCount: mailboxes.count, listener: listener, mailbox: mailbox, context: context
            )
            let box = UncheckedTransfer(loop)
            let thread = try SystemThread.spawn(name: "placesd-io-\(index)") {
                box.value.run()
            }
            loops.append((mailbox, thread))
        }
        return loops
    }

    /// Runs on the main thread until SIGTERM or SIGINT: reloads on SIGHUP, pings the watchdog while every
    /// event loop and the store still answer, and keeps the service manager's status line current. `epoll`
    /// watches the signals' descriptor; should waiting on it fail, the daemon stops as on SIGTERM rather than
    /// spin or go deaf to signals.
    private func serveSignals(
        on epoll: Epoll, store: PlaceStore, statistics: ServerStatistics, settings: LiveSettings,
        mailboxes: [LoopMailbox]
    ) {
        var watchdog = Watchdog(intervalMicroseconds: ServiceManager.watchdogIntervalMicroseconds())
        if let interval = watchdog.intervalMicroseconds {
            logger.info("Watchdog: pinging systemd every \(interval / 2_000) ms while the daemon answers.")
        }
        var events: [EpollEvent] = []
        var lastStatus = ""
        while true {
            do {
                _ = try epoll.wait(into: &events, maximum: 4, timeoutMilliseconds: watchdog.timeoutMilliseconds)
            } catch {
                logger.error("Cannot wait for signals any more (\(error)): stopping.")
                return
            }
            while let signal = signals.next() {
                switch signal {
                case SIGTERM, SIGINT:
                    logger.notice("Received \(signal == SIGTERM ? "SIGTERM" : "SIGINT").")
                    return
                case SIGHUP:
                    reload(store: store, settings: settings)
                default:
                    break
                }
            }
            watchdog.tick(mailboxes: mailboxes, store: store)
            let status = statusLine(store: store, statistics: statistics)
            if status != lastStatus {
                ServiceManager.notify("STATUS=\(status)")
                lastStatus = status
            }
        }
    }

    /// Rereads the configuration and applies what can change while running; keeps the old one on error.
    private func reload(store: PlaceStore, settings: LiveSettings) {
        ServiceManager.notify("RELOADING=1\nMONOTONIC_USEC=\(ServiceManager.monotonicMicroseconds())")
        logger.notice("Received SIGHUP: reloading the configuration.")
        do {
            let new = try invocation.resolve()
            for key in ConfigurationKey.allCases where !key.isReloadable && changes(key, from: configuration, to: new) {
                logger.warning("The new '\(key.rawValue)' takes effect only after a restart.")
            }
            logger.setLevel(new.logLevel)
            settings.update(from: new)
            store.setMaximumPlacesPerOwner(new.maximumPlacesPerUser)
            configuration = new
            logger.notice("Configuration reloaded.")
        } catch {
            logger.error("Failed to reload: \(error); keeping the running configuration.")
        }
        ServiceManager.notify("READY=1")
    }

    private func changes(_ key: ConfigurationKey, from old: ServerConfiguration, to new: ServerConfiguration) -> Bool {
        key.setting.value(old) != key.setting.value(new)
    }

    private func statusLine(store: PlaceStore, statistics: ServerStatistics) -> String {
        let snapshot = store.snapshot()
        // "locked" alone, as the service manager shows it, until `placesctl unlock` opens the store.
        guard !snapshot.isLocked else { return "locked" }
        let connections = statistics.connections.load(ordering: .relaxed)
        if let problem = store.databaseProblem {
            return
                "Database unreachable (\(problem)): serving \(snapshot.count) places from memory, \(connections) connections."
        }
        return "Serving \(snapshot.count) places, \(connections) connections."
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
