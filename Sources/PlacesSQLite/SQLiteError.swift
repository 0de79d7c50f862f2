import CSQLite
import PlacesSealing
import PlacesState

/// A failed SQLite call: the result code and the connection's message.
struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code, e.g. `SQLITE_IOERR_WRITE`.
    let code: Int32
    /// SQLite's message, e.g. `disk I/O error`.
    let message: String

    /// Creates an error from a result code and a message.
    init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// Creates an error from a result code, with SQLite's generic text for it.
    init(code: Int32) {
        self.init(code: code, message: String(cString: sqlite3_errstr(code)))
    }

    /// The primary result code, e.g. `SQLITE_IOERR` for `SQLITE_IOERR_WRITE`.
    var primaryCode: Int32 { code & 0xFF }

    /// The message.
    var description: String { message }
}
