import PlacesModel
import PlacesSealing
import PlacesState

/// Changes as rows of the `changes` table: a batch's changes as the array parameters of one insert, and the
/// rows read back as log entries. With a cipher, a change's place is sealed as a place row is.
struct ChangeRows {
    private var revisions = PGArray(of: .int8)
    private var owners = PGArray(of: .int8)
    private var ownerRevisions = PGArray(of: .int8)
    private var kinds = PGArray(of: .text)
    private var ids = PGArray(of: .uuid)
    private var rows = PGArray(of: .int8)
    private var positions = PGArray(of: .int8)
    private var renumberings = PGArray(of: .bytea)
    private var fields = PostgresPlaceColumns.Arrays()
    private var previousIndexes = PGArray(of: .int8)
    private var undid = PGArray(of: .int8)

    /// Adds `logged`, sealed with `cipher` when there is one.
    mutating func append(_ logged: LoggedChange, cipher: PlaceCipher?) {
        let change = logged.change
        let place = change.place
        revisions.append(int: change.storeRevision)
        owners.append(int: Int64(place.owner))
        ownerRevisions.append(int: change.revision)
        kinds.append(text: change.kind.rawValue)
        ids.append(id: place.id)
        rows.append(int: logged.row)
        positions.append(int: logged.position)
        renumberings.append(bytes: Self.encode(logged.renumbered))
        fields.append(place, cipher: cipher)
        previousIndexes.append(change.previousIndex.map { PGValue.int(Int64($0)) })
        undid.append(change.undid.map { PGValue.int($0) })
    }

    /// The parameters of `PostgresSchema.appendChanges`.
    var parameters: [PGValue?] {
        [
            revisions.value, owners.value, ownerRevisions.value, kinds.value, ids.value, rows.value, positions.value,
            renumberings.value,
        ] + fields.values() + [previousIndexes.value, undid.value]
    }

    /// The change in `row` of `result` (columns as `PostgresSchema.changeColumns`), opened with `cipher`.
    static func change(
        in result: PGResult, at row: Int, cipher: PlaceCipher?, scratch: inout [UInt8]
    ) throws(DamagedState) -> LoggedChange {
        let revision = result.int64(row, 0)
        guard let owner = UserID(exactly: result.int64(row, 1)),
            let kind = PlaceChange.Kind(rawValue: result.text(row, 3)),
            let id = result.id(row, 4), let renumbered = decode(result.raw(row, 7))
        else { throw DamagedState(reason: "change \(revision) of the change log is damaged") }
        let place = try PostgresPlaceColumns.place(
            in: result, at: row, from: 8, id: id, owner: owner, cipher: cipher, scratch: &scratch,
            what: "change \(revision) of the change log")
        let undoColumn = 8 + PostgresPlaceColumns.columns.count
        let change = PlaceChange(
            kind: kind, revision: result.int64(row, 2), storeRevision: revision, place: place,
            previousIndex: result.isNull(row, undoColumn) ? nil : Int(result.int64(row, undoColumn)),
            undid: result.isNull(row, undoColumn + 1) ? nil : result.int64(row, undoColumn + 1))
        return LoggedChange(
            change: change,
            row: result.int64(row, 5), position: result.int64(row, 6), renumbered: renumbered)
    }

    /// Renumberings as 24 bytes each: the id, then the position big-endian.
    static func encode(_ renumbered: [Renumbering]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(renumbered.count * 24)
        for renumbering in renumbered {
            bytes.append(contentsOf: PGValue.id(renumbering.id).bytes)
            bytes.append(contentsOf: PGValue.int(renumbering.position).bytes)
        }
        return bytes
    }

    /// The renumberings `encode` wrote, or nil if the bytes are not such.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [Renumbering]? {
        guard bytes.count % 24 == 0 else { return nil }
        return stride(from: 0, to: bytes.count, by: 24).map { offset in
            Renumbering(
                id: PlaceID(
                    high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                    low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))),
                position: Int64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: Int64.self)))
        }
    }
}
