/// One statement to run: a prepared statement's name (or SQL text to run unprepared) and its parameters.
struct PGCommand {
    /// The prepared statement's name, or nil to send `sql` as it is.
    let statement: String?
    /// The SQL, for unprepared statements and error messages.
    let sql: String
    /// The parameters in binary format; nil is NULL.
    let parameters: [PGValue?]

    /// Runs the prepared statement `statement`.
    init(_ statement: PGStatement, _ parameters: [PGValue?] = []) {
        self.statement = statement.name
        self.sql = statement.sql
        self.parameters = parameters
    }

    /// Runs `sql` unprepared.
    init(sql: String, _ parameters: [PGValue?] = []) {
        self.statement = nil
        self.sql = sql
        self.parameters = parameters
    }
}

/// A statement prepared on every connection of the engine under `name`.
struct PGStatement: Sendable {
    /// Its name on the connection.
    let name: String
    /// Its SQL.
    let sql: String
}
