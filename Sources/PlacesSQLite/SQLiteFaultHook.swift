import PlacesLocking
import PlacesSealing
import PlacesState

/// What a test can make the SQLite engine do wrong, on purpose: the engine asks its hook before the steps a
/// failure can strike, and routes its files through the VFS the hook registers. Production stores have none.
public protocol SQLiteFaultHook: Sendable {
    /// Called once, before the first connection to the database at `path` is opened.
    func willOpen(databaseAt path: String)
    /// Called before each `COMMIT`: the failure to inject there, if any.
    func takeCommitFault() -> InjectedCommitFault?
    /// Called before each transaction: a new `PRAGMA max_page_count` if it changed (`.some(nil)` lifts it).
    func takePageCountChange() -> Int64??
}

/// Where an injected commit failure strikes.
public enum InjectedCommitFault: Sendable, Hashable {
    /// `COMMIT` fails with `SQLITE_IOERR`; the real `ROLLBACK` runs.
    case commit
    /// `COMMIT` fails, and so does `ROLLBACK`: the engine must reopen the database and reload.
    case commitAndRollback
}

/// Which SQLite VFS each database's connections open their files through; the default VFS unless a test
/// routes a database elsewhere.
public enum SQLiteVFSRoutes {
    private static let routes = SQLiteVFSRouteTable()

    /// Makes connections to the database at `path` (and its journal, WAL and shared memory) use the registered
    /// VFS `name`; nil goes back to the default.
    public static func route(databaseAt path: String, toVFS name: String?) {
        routes.set(name, for: path)
    }

    /// The VFS for connections to `path`, or nil for the default.
    static func vfs(forDatabaseAt path: String) -> String? {
        routes.name(for: path)
    }
}

/// The routes, behind a lock: tests set them from any thread, connections read them when they open.
private final class SQLiteVFSRouteTable: Sendable {
    private let names = Locked<[String: String]>([:])

    func set(_ name: String?, for path: String) {
        names.withLock { $0[path] = name }
    }

    func name(for path: String) -> String? {
        names.withLock { $0[path] }
    }
}
