/// Why a PostgreSQL operation failed.
struct PGError: Error, CustomStringConvertible {
    /// What was being done and what the server or libpq said.
    let message: String
    /// The SQLSTATE, when the server sent one (e.g. `40001`).
    let state: String?
    /// Whether the connection is gone (and with it any transaction): the server cannot be reached.
    let isConnectionLost: Bool

    var description: String { message }
}
