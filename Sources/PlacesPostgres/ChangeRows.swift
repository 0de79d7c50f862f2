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
    private var fields = PlaceFieldArrays()
    private var versions = PGArray(of: .int8)
    private var createdAts = PGArray(of: .int8)
    private var updatedAts = PGArray(of: .int8)

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
        versions.append(int: place.version)
        createdAts.append(int: place.createdAt.millisecondsSinceEpoch)
        updatedAts.append(int: place.updatedAt.millisecondsSinceEpoch)
    }

    /// The parameters of `PostgresSchema.appendChanges`.
    var parameters: [PGValue?] {
        [
            revisions.value, owners.value, ownerRevisions.value, kinds.value, ids.value, rows.value, positions.value,
            renumberings.value, fields.names.value, fields.descriptions.value, fields.latitudes.value,
            fields.longitudes.value, fields.visited.value, versions.value, createdAts.value, updatedAts.value,
            fields.sealed.value,
        ]
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
        let place = try PlaceFieldArrays.place(
            in: result, at: row, id: id, owner: owner, fieldsFrom: 8, sealedAt: 16, cipher: cipher, scratch: &scratch,
            what: "change \(revision) of the change log")
        return LoggedChange(
            change: PlaceChange(kind: kind, revision: result.int64(row, 2), storeRevision: revision, place: place),
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

/// The private fields of places as array parameters: in plaintext, or sealed with '' and 0 in their columns.
struct PlaceFieldArrays {
    var names = PGArray(of: .text)
    var descriptions = PGArray(of: .text)
    var latitudes = PGArray(of: .float8)
    var longitudes = PGArray(of: .float8)
    var visited = PGArray(of: .bool)
    var sealed = PGArray(of: .bytea)

    /// Adds the fields of `place`, sealed with `cipher` when there is one.
    mutating func append(_ place: Place, cipher: PlaceCipher?) {
        if let cipher {
            names.append(text: "")
            descriptions.append(text: "")
            latitudes.append(double: 0)
            longitudes.append(double: 0)
            sealed.append(bytes: cipher.seal(SealedPayload(place), id: place.id, owner: place.owner))
        } else {
            names.append(text: place.name)
            descriptions.append(text: place.description)
            latitudes.append(double: place.coordinate.latitude)
            longitudes.append(double: place.coordinate.longitude)
            sealed.append(nil)
        }
        visited.append(bool: place.isVisited)
    }

    /// The place `id` of `owner` in `row` of `result`, whose columns from `first` on are the name, the
    /// description, the latitude, the longitude, visited, the version and the created and updated times, and whose
    /// sealed value is at `sealed`; opened with `cipher` when the store is sealed.
    static func place(
        in result: PGResult, at row: Int, id: PlaceID, owner: UserID, fieldsFrom first: Int, sealedAt sealed: Int,
        cipher: PlaceCipher?, scratch: inout [UInt8], what: @autoclosure () -> String
    ) throws(DamagedState) -> Place {
        let payload: SealedPayload
        let isSealed = !result.isNull(row, sealed)
        if let cipher {
            guard isSealed, let opened = cipher.open(result.raw(row, sealed), id: id, owner: owner, scratch: &scratch)
            else { throw DamagedState(reason: "\(what()) does not open with the store's key") }
            payload = opened
        } else {
            guard !isSealed else { throw DamagedState(reason: "\(what()) is sealed in a plaintext store") }
            payload = SealedPayload(
                name: result.text(row, first), description: result.text(row, first + 1),
                coordinate: Coordinate(
                    latitude: result.double(row, first + 2), longitude: result.double(row, first + 3)))
        }
        return Place(
            id: id, owner: owner, name: payload.name, description: payload.description,
            coordinate: payload.coordinate, isVisited: result.bool(row, first + 4),
            version: result.int64(row, first + 5),
            createdAt: Timestamp(millisecondsSinceEpoch: result.int64(row, first + 6)),
            updatedAt: Timestamp(millisecondsSinceEpoch: result.int64(row, first + 7)))
    }
}
