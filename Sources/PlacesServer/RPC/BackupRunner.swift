import Glibc
import PlacesModel
import PlacesPersistence
import PlacesProtocol
import PlacesState
import PlacesSystem
import Synchronization

/// Runs `server.backup`: one backup at a time, each on a thread of its own (never on an event loop or the
/// store's writer), its reply going back to the connection as deferred work's does.
final class BackupRunner: Sendable {
    /// The database the daemon serves, as configured.
    let database: String
    /// How the store is copied while it is served; nil when its engine cannot copy it.
    private let method: BackupMethod?
    private let logger: Logger?
    /// Whether a backup is under way: a second one is refused meanwhile.
    private let isRunning = Atomic<Bool>(false)

    /// A runner for `database`, copied as `method` says (nil: it cannot be backed up online).
    init(database: String, method: BackupMethod?, logger: Logger?) {
        self.database = database
        self.method = method
        self.logger = logger
    }

    /// A runner that refuses every backup (a dispatcher made without one).
    static let unavailable = BackupRunner(database: "", method: nil, logger: nil)

    /// Removes the temporaries a backup killed half-way left beside a database file (at start-up, before
    /// serving).
    func removeTemporariesBesideDatabase() {
        guard let method, let directory = method.databaseDirectory else { return }
        do {
            let removed = try method.files.removeStaleBackups(in: directory, includingOwn: true)
            if !removed.isEmpty {
                logger?.notice("Removed \(removed.count) temporaries of unfinished backups in '\(directory)'.")
            }
        } catch {
            logger?.warning("\(error)")
        }
    }

    /// Checks the target and starts the backup `params` asks for; the caller is known to be an administrator.
    func start(_ params: BackupParams) throws(RPCError) -> Execution {
        guard let method else {
            throw RPCError(
                code: RPCErrorCode.methodNotFound,
                message: "server.backup is not available: this store's engine cannot be backed up while it is served.")
        }
        switch params.target {
        case .file(let path):
            if Self.isDirectory(path) {
                throw RPCError.invalidParams(
                    ValidationError(
                        field: BackupParams.pathKey, reason: "'\(path)' is a directory; give it as directory"))
            }
            try Self.checkWritableDirectory(Self.parent(of: path), field: BackupParams.pathKey)
        case .directory(let directory, _):
            try Self.checkWritableDirectory(directory, field: BackupParams.directoryKey)
        }
        return .deferred { [self] finish in
            guard isRunning.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
            else {
                return finish(.failure(.limitReached("a backup is already running; try again when it has finished")))
            }
            do {
                _ = try SystemThread.spawn(name: "placesd-backup") { [self] in
                    // A background job: requests and commits come first, for the cores and for the disk.
                    SystemThread.lowerCurrentPriority()
                    let result = run(params, method: method)
                    isRunning.store(false, ordering: .releasing)
                    finish(result)
                }
            } catch {
                isRunning.store(false, ordering: .releasing)
                finish(.failure(.internalError("\(error)")))
            }
        }
    }

    /// Makes the backup and, into a directory with `keep`, prunes the older ones.
    private func run(_ params: BackupParams, method: BackupMethod) -> Execution.DeferredResult {
        let (directory, target): (String, String)
        switch params.target {
        case .file(let path): (directory, target) = (Self.parent(of: path), path)
        case .directory(let path, _): (directory, target) = (path, BackupDirectory.newPath(in: path, at: time(nil)))
        }
        let started = Clock.monotonicNanoseconds()
        let summary: BackupSummary
        do throws(StoreError) {
            _ = try method.files.removeStaleBackups(in: directory, includingOwn: false)
            summary = try method.copy(target)
        } catch {
            logger?.error("\(error)")
            return .failure(RPCError(error))
        }
        var pruned: [String]?
        if case .directory(_, let keep) = params.target {
            pruned = keep.map { prune(directory, keeping: $0) } ?? []
        }
        logger?.notice(
            "Backed up \(summary.placeCount) places (revision \(summary.revision)) to '\(target)' in "
                + LogDuration.seconds(Clock.monotonicNanoseconds() &- started, decimals: 3)
                + (summary.gaveWayNanoseconds > 0
                    ? " (\(LogDuration.seconds(summary.gaveWayNanoseconds, decimals: 3)) of it giving way to requests)"
                    : "")
                + (pruned.map { $0.isEmpty ? "" : "; removed \($0.count) older backups" } ?? "") + ".")
        let result = BackupResult(
            path: target, revision: summary.revision, places: Int64(summary.placeCount), bytes: summary.byteCount,
            isSealed: summary.isSealed, pruned: pruned)
        return .success { writer in result.write(to: &writer) }
    }

    /// Removes the backups beyond the newest `keep`, logging what it could not remove.
    private func prune(_ directory: String, keeping keep: Int) -> [String] {
        do {
            let (removed, failures) = try BackupDirectory.prune(directory, keeping: keep)
            for failure in failures { logger?.warning("Failed to remove an older backup: \(failure)") }
            return removed
        } catch {
            logger?.warning("Failed to remove older backups in '\(directory)': \(error)")
            return []
        }
    }

    /// -32602 naming `field` unless `directory` is a directory the daemon may write in.
    private static func checkWritableDirectory(_ directory: String, field: String) throws(RPCError) {
        let reason: String
        if !isDirectory(directory) {
            reason =
                FileSystem.fileExists(directory) ? "'\(directory)' is not a directory" : "no directory '\(directory)'"
        } else if access(directory, W_OK | X_OK) != 0 {
            reason = "placesd may not write in '\(directory)' (\(SystemError.text(forErrno: errno)))"
        } else {
            return
        }
        throw .invalidParams(ValidationError(field: field, reason: reason))
    }

    /// Whether `path` is a directory (following a symbolic link).
    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The directory `path` is in ("." for a bare name).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
