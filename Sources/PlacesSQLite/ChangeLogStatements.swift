import PlacesModel
import PlacesPersistence
import PlacesSealing
import PlacesState

/// The change log's statements, compiled once per connection: appending the changes of a batch, pruning what
/// the limits no longer keep, reading what a resuming watcher asks for.
///
/// With a `cipher`, a change's place is sealed as a place row is: its name, description and coordinates go into
/// `sealed`, and their own columns get '' and 0.
final class ChangeLogStatements {
    /// Seals the places logged; nil for a plaintext store.
    var cipher: PlaceCipher?
    /// How much of the log is kept.
    var limits: ChangeLogLimits
    private let append: SQLiteStatement
    private let pruneBelow: SQLiteStatement
    private let firstYoung: SQLiteStatement
    private let readAll: SQLiteStatement
    private let readOwner: SQLiteStatement
    /// When changes were last pruned by age, in milliseconds of the wall clock.
    private var lastAgePruning: Int64 = 0

    /// How often the log is pruned by age, at most: pruning by count runs with every commit.
    static let agePruningIntervalMilliseconds: Int64 = 60_000

    /// The columns every append writes and every read selects: the change's own, a place's fields, then what
    /// undo needs (`PlaceChange.previousIndex` and `undid`, NULL when they do not apply).
    private static let columns =
        "revision, owner, owner_revision, kind, id, \(PlaceColumns.list), previous_index, undid"
    /// The index of `previous_index` in `columns`; `undid` follows it.
    private static let undoColumn: Int32 = 5 + PlaceColumns.count

    /// Compiles every statement on `connection`.
    init(connection: SQLiteConnection, limits: ChangeLogLimits) throws(SQLiteError) {
        self.limits = limits
        append = try connection.prepare(
            """
            INSERT INTO changes (\(Self.columns), logged_at)
            VALUES (\(PlaceColumns.parameters(from: 1, count: Self.undoColumn + 3)))
            """)
        pruneBelow = try connection.prepare("DELETE FROM changes WHERE revision < ?1")
        // Walks the log from its oldest change and stops at the first young one: it reads what is pruned next.
        firstYoung = try connection.prepare(
            "SELECT revision FROM changes WHERE logged_at >= ?1 ORDER BY revision LIMIT 1")
        readAll = try connection.prepare(
            "SELECT \(Self.columns) FROM changes WHERE revision > ?1 ORDER BY revision")
        readOwner = try connection.prepare(
            "SELECT \(Self.columns) FROM changes WHERE owner = ?1 AND owner_revision > ?2 ORDER BY revision")
    }

    /// Releases every statement.
    func finalize() {
        for statement in [append, pruneBelow, firstYoung, readAll, readOwner] {
            statement.finalize()
        }
    }

    /// Appends `changes` to the log, inside the batch's transaction, at `now` (wall-clock milliseconds).
    func append(_ changes: [LoggedChange], at now: Int64) throws(SQLiteError) {
        for logged in changes {
            let change = logged.change
            let place = change.place
            append.bind(change.storeRevision, at: 1)
            append.bind(Int64(place.owner), at: 2)
            append.bind(change.revision, at: 3)
            append.bind(change.kind.rawValue, at: 4)
            append.bind(place.id, at: 5)
            PlaceColumns.bind(place, cipher: cipher, to: append, at: 6)
            append.bind(optional: change.previousIndex.map(Int64.init), at: Self.undoColumn + 1)
            append.bind(optional: change.undid, at: Self.undoColumn + 2)
            append.bind(now, at: Self.undoColumn + 3)
            try append.run()
        }
    }

    /// Removes what the limits no longer keep once the store is at `revision`, inside the batch's transaction:
    /// the changes beyond the count every time, those past the age at most once a minute.
    func prune(at revision: Int64, now: Int64) throws(SQLiteError) {
        var keepFrom = revision - Int64(limits.maximumEntries) + 1
        if now - lastAgePruning >= Self.agePruningIntervalMilliseconds {
            lastAgePruning = now
            firstYoung.bind(now - Int64(limits.maximumAgeSeconds) * 1_000, at: 1)
            defer { firstYoung.reset() }
            keepFrom = max(keepFrom, try firstYoung.step() ? firstYoung.int64(at: 0) : revision + 1)
        }
        guard keepFrom > 1 else { return }
        pruneBelow.bind(keepFrom, at: 1)
        try pruneBelow.run()
    }

    /// The logged changes after `revision`: `owner`'s after its revision, or with nil every owner's after the
    /// store revision; rows that do not open are reported as damage.
    func changes(after revision: Int64, of owner: UserID?) throws -> [PlaceChange] {
        let statement: SQLiteStatement
        if let owner {
            statement = readOwner
            statement.bind(Int64(owner), at: 1)
            statement.bind(revision, at: 2)
        } else {
            statement = readAll
            statement.bind(revision, at: 1)
        }
        defer { statement.reset() }
        var changes: [PlaceChange] = []
        var scratch: [UInt8] = []
        while try statement.step() {
            changes.append(try change(at: statement, scratch: &scratch))
        }
        return changes
    }

    private func change(at row: SQLiteStatement, scratch: inout [UInt8]) throws -> PlaceChange {
        let storeRevision = row.int64(at: 0)
        guard let owner = UserID(exactly: row.int64(at: 1)), let kind = PlaceChange.Kind(rawValue: row.text(at: 3)),
            let id = row.placeID(at: 4)
        else { throw DamagedState(reason: "change \(storeRevision) of the change log is damaged") }
        var payload = PlaceColumns.privateFields(in: row, at: 5)
        switch (PlaceColumns.sealed(in: row, at: 5), cipher) {
        case (nil, nil):
            break
        case (let sealed?, let cipher?):
            guard let opened = cipher.open(sealed, id: id, owner: owner, scratch: &scratch) else {
                throw DamagedState(reason: "change \(storeRevision) of the change log does not open with the key")
            }
            payload = opened
        case (nil, _?), (_?, nil):
            throw DamagedState(reason: "change \(storeRevision) of the change log is not sealed as the store is")
        }
        let place = PlaceColumns.publicFields(in: row, at: 5).place(id: id, owner: owner, privateFields: payload)
        return PlaceChange(
            kind: kind, revision: row.int64(at: 2), storeRevision: storeRevision, place: place,
            previousIndex: row.optionalInt64(at: Self.undoColumn).map { Int($0) },
            undid: row.optionalInt64(at: Self.undoColumn + 1))
    }
}
