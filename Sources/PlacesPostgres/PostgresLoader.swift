import PlacesModel
import PlacesSealing
import PlacesState

/// Reads the whole state from the database in one snapshot: the store revision, the owners' revisions and every
/// place (through a cursor, a chunk at a time, the next one fetched while the last is opened), opening sealed
/// rows with the cipher.
struct PostgresLoader {
    /// The connection to read on.
    let connection: PGConnection
    /// Opens the rows of a sealed store; nil for a plaintext one.
    let cipher: PlaceCipher?

    /// How many rows each fetch brings.
    static let fetchSize = 20_000
    /// How many fetched chunks may wait for the loader: the server sends the next while the loader opens one.
    static let fetchesAhead = 2

    /// Loads everything (with `isLocked`, only the revision). Inside a transaction that holds the counter's
    /// lock (`inTransaction`), nobody writes meanwhile; otherwise a read-only repeatable-read transaction of its
    /// own gives one snapshot.
    func load(inTransaction: Bool, isLocked: Bool) throws(PGFailure) -> StoreState {
        var begin: [PGCommand] = []
        if !inTransaction {
            begin.append(PGCommand(sql: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"))
        }
        let opening = try connection.execute(
            begin + [
                PGCommand(PostgresSchema.readMeta), PGCommand(sql: "SELECT uid, revision FROM owners"),
                PGCommand(sql: "SELECT count(*) FROM places"),
                PGCommand(
                    sql:
                        "DECLARE placesd_load BINARY NO SCROLL CURSOR FOR SELECT \(PostgresSchema.placeColumns) FROM places"
                ),
            ])
        let results = try opening.dropFirst(begin.count).map { outcome throws(PGFailure) in try outcome.value() }
        guard results[0].rowCount == 1 else { throw .damaged("the meta table is missing its row") }
        let revision = results[0].int64(0, 0)
        if isLocked {
            try finish(inTransaction: inTransaction)
            var state = StoreState()
            state.revision = revision
            return state
        }
        var assembly = StateAssembly(expectedCount: Int(results[2].int64(0, 0)), revision: revision)
        let owners = results[1]
        for row in 0..<owners.rowCount {
            guard let owner = UserID(exactly: owners.int64(row, 0)) else {
                throw .damaged("owner \(owners.int64(row, 0)) is not a uid")
            }
            assembly.setRevision(owners.int64(row, 1), of: owner)
        }
        var scratch: [UInt8] = []
        let tagLists = StoredTagLists()
        let prefetch = CursorPrefetch(
            connection: connection, cursor: "placesd_load", chunkSize: Self.fetchSize, ahead: Self.fetchesAhead)
        do {
            defer { prefetch.finish() }
            while true {
                let chunk = try prefetch.next()
                guard chunk.rowCount > 0 else { break }
                for row in 0..<chunk.rowCount {
                    assembly.add(try slot(in: chunk, at: row, scratch: &scratch, tagLists: tagLists))
                }
            }
        }
        try finish(inTransaction: inTransaction)
        do {
            return try assembly.build()
        } catch let damage as DamagedState {
            throw .damaged(damage.reason)
        } catch {
            throw .damaged("\(error)")
        }
    }

    private func finish(inTransaction: Bool) throws(PGFailure) {
        _ = try connection.execute([PGCommand(sql: inTransaction ? "CLOSE placesd_load" : "COMMIT")])[0].value()
    }

    /// The place in `row` of a chunk (columns as `PostgresSchema.placeColumns`), its tags read through `tagLists`.
    private func slot(
        in result: PGResult, at row: Int, scratch: inout [UInt8], tagLists: StoredTagLists
    ) throws(PGFailure) -> PlaceSlot {
        guard let id = result.id(row, 1), let owner = UserID(exactly: result.int64(row, 2)) else {
            throw .damaged("place row \(result.int64(row, 0)) is damaged")
        }
        do throws(DamagedState) {
            let place = try PostgresPlaceColumns.place(
                in: result, at: row, from: 4, id: id, owner: owner, cipher: cipher, scratch: &scratch,
                tagLists: tagLists, what: "place '\(id)'")
            return PlaceSlot(place: place, position: result.int64(row, 3), row: result.int64(row, 0))
        } catch {
            throw .damaged(error.reason)
        }
    }
}

/// Why an engine operation on PostgreSQL failed: the database (or the connection to it), or data that cannot
/// be placesd's.
enum PGFailure: Error {
    /// The server or the connection failed.
    case database(PGError)
    /// The data read cannot be a state placesd wrote.
    case damaged(String)

    /// The reason, as a message says it.
    var reason: String {
        switch self {
        case .database(let error): error.message
        case .damaged(let reason): reason
        }
    }

    /// Whether the connection is gone.
    var isConnectionLost: Bool {
        if case .database(let error) = self { error.isConnectionLost } else { false }
    }
}

extension Result where Success == PGResult, Failure == PGError {
    /// The result, or the failure as a `PGFailure`.
    func value() throws(PGFailure) -> PGResult {
        switch self {
        case .success(let result): return result
        case .failure(let error): throw .database(error)
        }
    }
}

extension PGConnection {
    /// `run(_:)`, with a lost connection as a `PGFailure`.
    func execute(_ commands: [PGCommand]) throws(PGFailure) -> [Result<PGResult, PGError>] {
        do throws(PGError) {
            return try run(commands)
        } catch {
            throw .database(error)
        }
    }
}
