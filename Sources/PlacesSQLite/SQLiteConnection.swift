import CSQLite
import Glibc
import PlacesSealing
import PlacesState

/// An open SQLite database handle, used by one thread at a time.
final class SQLiteConnection {
    /// How a connection opens its file.
    enum Mode {
        /// Reads only; never changes the file (SQLite may create the `-wal` and `-shm` files of a WAL database).
        case readOnly
        /// Reads only, promising SQLite that nobody changes the file meanwhile: no locks, no `-wal`/`-shm`.
        case immutable
        /// Reads and writes an existing file.
        case readWrite
        /// Reads and writes, creating the file if it is missing.
        case readWriteCreate
    }

    /// The file's path.
    let path: String
    private var handle: OpaquePointer?

    /// Configures the library once, before anything initializes it: no memory statistics, whose mutex every
    /// allocation would take.
    private static let libraryConfigured: Void = {
        _ = placesd_sqlite3_disable_memory_statistics()
    }()

    /// Opens `path`; the connection reports extended result codes.
    init(path: String, mode: Mode) throws(SQLiteError) {
        SQLiteConnection.libraryConfigured
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var name = path
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = "file:" + SQLiteConnection.uriEscaped(path) + "?immutable=1"
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(name, &opened, flags, SQLiteVFSRoutes.vfs(forDatabaseAt: path))
        guard code == SQLITE_OK, let opened else {
            let error = opened.map { SQLiteConnection.error(code: code, handle: $0) } ?? SQLiteError(code: code)
            sqlite3_close_v2(opened)
            throw error
        }
        self.path = path
        self.handle = opened
        sqlite3_busy_timeout(opened, 5_000)
    }

    /// The most of the file a scanning connection maps (SQLite caps it at its own `SQLITE_MAX_MMAP_SIZE`, 2 GiB as
    /// Debian builds it); the rest of a larger file is read as usual.
    static let scanMappingSize: Int64 = 0x7FFF_0000

    /// Makes this read-only connection read the file's pages from a memory mapping instead of copying each into
    /// its page cache with a `pread`: for the connections that scan the whole file once while the store loads
    /// (the state's two halves and `quick_check`), some 50,000 system calls and page copies fewer for a million
    /// places, for about 2,000 more page faults (each maps several pages). A page the WAL holds is still read from
    /// the WAL, and the mapping goes with the connection. One difference: an I/O error reading the mapped file
    /// (a failing disk) ends the process with SIGBUS where a `pread` would fail the load with an error. A
    /// database routed through a test's VFS keeps reading through it, so that injected read failures still
    /// strike.
    func mapForScanning() {
        guard SQLiteVFSRoutes.vfs(forDatabaseAt: path) == nil else { return }
        // Only a speed-up: a connection that cannot map reads as before.
        _ = try? execute("PRAGMA mmap_size = \(Self.scanMappingSize)")
    }

    deinit {
        close()
    }

    /// The open handle; using a closed connection is a programming error.
    var rawHandle: OpaquePointer {
        guard let handle else { preconditionFailure("SQLite connection to '\(path)' used after close") }
        return handle
    }

    /// Whether a transaction is open (SQLite may end one by itself after some errors).
    var isInTransaction: Bool { sqlite3_get_autocommit(rawHandle) == 0 }

    /// Runs one or more statements that return no rows the caller needs.
    func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(rawHandle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw lastError(code: code) }
    }

    /// Compiles a statement for repeated use.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(connection: self, sql: sql)
    }

    /// Runs a query and returns the first column of its first row as an integer, or nil if there is no row.
    func integer(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.int64(at: 0)
    }

    /// Runs a query and returns the first column of every row as text.
    func texts(_ sql: String) throws(SQLiteError) -> [String] {
        let statement = try prepare(sql)
        var rows: [String] = []
        while try statement.step() {
            rows.append(statement.text(at: 0))
        }
        return rows
    }

    /// The error for a failed call, with the connection's message (and the system's reason, if any).
    func lastError(code: Int32) -> SQLiteError {
        SQLiteConnection.error(code: code, handle: rawHandle)
    }

    /// Closes the handle; statements still alive keep it open until they are finalized. Idempotent.
    func close() {
        guard let handle else { return }
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// `path` with every byte that could end or confuse a URI path percent-encoded.
    private static func uriEscaped(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var escaped: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                escaped.append(byte)
            default:
                escaped += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func error(code: Int32, handle: OpaquePointer) -> SQLiteError {
        var message = String(cString: sqlite3_errmsg(handle))
        let systemErrno = sqlite3_system_errno(handle)
        if code & 0xFF == SQLITE_CANTOPEN, systemErrno != 0 {
            message += ": " + String(cString: strerror(systemErrno))
        }
        return SQLiteError(code: code, message: message)
    }
}
