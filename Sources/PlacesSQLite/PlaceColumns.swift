import PlacesModel
import PlacesPersistence
import PlacesSealing

/// How a place's fields map to the columns of `places` and `changes`: the one list of those columns in the SQL of
/// every statement that writes or reads them, and the one place that binds and reads them.
///
/// The columns come as one run, in `names`' order: the private fields ('' and 0 in a sealed store), the sealed
/// value, then the public fields, `created_at` last (an update writes every column but that one). A statement puts
/// the run at some parameter or result column and hands that number to `bind` or the readers. This is the
/// statements' order only: the tables' own column order is `Schema`'s, and a new field is added there by a
/// migration.
enum PlaceColumns {
    /// The columns of the private fields a seal holds, then the sealed value.
    static let privateNames = ["name", "description", "latitude", "longitude", "tags", "sealed"]
    /// The columns of `PublicFields`, `created_at` last.
    static let publicNames = ["visited", "visited_at", "version", "updated_at", "created_at"]
    /// Every column of a place's fields, in the order they are bound and read.
    static let names = privateNames + publicNames
    /// How many columns the run has.
    static let count = Int32(names.count)
    /// Where the sealed value is in the run.
    static let sealedOffset: Int32 = 5
    /// Where the public fields start in the run.
    static let publicOffset = Int32(privateNames.count)

    /// The columns, comma-separated: a select list or an insert's column list.
    static let list = names.joined(separator: ", ")
    /// The private fields' columns and the sealed value's, comma-separated.
    static let privateList = privateNames.joined(separator: ", ")

    /// `count` parameters from `?first` on, comma-separated.
    static func parameters(from first: Int32, count: Int32) -> String {
        (first..<(first + count)).map { "?\($0)" }.joined(separator: ", ")
    }

    /// `column = ?n` for each of `columns` (by default every one an update writes: all but `created_at`), the
    /// parameters numbered from `first`.
    static func assignments(from first: Int32, of columns: [String] = Array(names.dropLast())) -> String {
        columns.enumerated().map { "\($0.element) = ?\(first + Int32($0.offset))" }.joined(separator: ", ")
    }

    /// Binds every field of `place` from parameter `first` on, the private ones sealed with `cipher` when there is
    /// one; for an update (`isUpdate`), every one but `created_at`.
    @inline(__always)
    static func bind(
        _ place: Place, cipher: PlaceCipher?, to statement: SQLiteStatement, at first: Int32, isUpdate: Bool = false
    ) {
        bind(SealedPayload(place), id: place.id, owner: place.owner, cipher: cipher, to: statement, at: first)
        bind(PublicFields(place), to: statement, at: first + publicOffset, isUpdate: isUpdate)
    }

    /// Binds the private fields `payload` of the place `id` of `owner` from parameter `first` on, in plaintext, or
    /// with `cipher` sealed into the sealed value's parameter, with '' and 0 in their own.
    @inline(__always)
    static func bind(
        _ payload: SealedPayload, id: PlaceID, owner: UserID, cipher: PlaceCipher?, to statement: SQLiteStatement,
        at first: Int32
    ) {
        if let cipher {
            statement.bind("", at: first)
            statement.bind("", at: first + 1)
            statement.bind(0.0, at: first + 2)
            statement.bind(0.0, at: first + 3)
            statement.bind("", at: first + 4)
            statement.bind(blob: cipher.seal(payload, id: id, owner: owner), at: first + sealedOffset)
        } else {
            bindColumns(payload, to: statement, at: first)
            statement.bindNull(at: first + sealedOffset)
        }
    }

    /// Binds a row as another store held it from parameter `first` on, its sealed value as it is.
    static func bind(_ stored: StoredRows.Place, to statement: SQLiteStatement, at first: Int32) {
        bindColumns(stored.privateFields, to: statement, at: first)
        if let sealed = stored.sealed {
            statement.bind(blob: sealed, at: first + sealedOffset)
        } else {
            statement.bindNull(at: first + sealedOffset)
        }
        bind(stored.publicFields, to: statement, at: first + publicOffset)
    }

    @inline(__always)
    private static func bindColumns(_ payload: SealedPayload, to statement: SQLiteStatement, at first: Int32) {
        statement.bind(payload.name, at: first)
        statement.bind(payload.description, at: first + 1)
        statement.bind(payload.coordinate.latitude, at: first + 2)
        statement.bind(payload.coordinate.longitude, at: first + 3)
        statement.bind(SealedPayload.joinedTags(payload.tags), at: first + 4)
    }

    @inline(__always)
    private static func bind(
        _ fields: PublicFields, to statement: SQLiteStatement, at first: Int32, isUpdate: Bool = false
    ) {
        statement.bind(Int64(fields.isVisited ? 1 : 0), at: first)
        if let visitedAt = fields.visitedAt {
            statement.bind(visitedAt, at: first + 1)
        } else {
            statement.bindNull(at: first + 1)
        }
        statement.bind(fields.version, at: first + 2)
        statement.bind(fields.updatedAt, at: first + 3)
        if !isUpdate {
            statement.bind(fields.createdAt, at: first + 4)
        }
    }

    /// The private fields' columns of the current row of `row`, whose run starts at result column `first`: what a
    /// plaintext row holds ('' and 0 in a sealed one). The tags are read through `tagLists` when given.
    @inline(__always)
    static func privateFields(
        in row: SQLiteStatement, at first: Int32, tagLists: StoredTagLists? = nil
    ) -> SealedPayload {
        SealedPayload(
            name: row.text(at: first), description: row.text(at: first + 1),
            coordinate: Coordinate(latitude: row.double(at: first + 2), longitude: row.double(at: first + 3)),
            tags: tagLists?.tags(row.textBytes(at: first + 4)) ?? SealedPayload.splitTags(row.text(at: first + 4)))
    }

    /// The place `id` of `owner` in the current row of `row`, a plaintext row whose run starts at result column
    /// `first`, its tags read through `tagLists`: the same place as `publicFields(in:at:)`'s `place(id:owner:
    /// privateFields:)` with `privateFields(in:at:tagLists:)`, made straight from the columns. A load makes a million
    /// places this way, and the two passing structures cost it a copy and a release of each place's texts and tags.
    @inline(__always)
    static func plaintextPlace(
        in row: SQLiteStatement, at first: Int32, id: PlaceID, owner: UserID, tagLists: StoredTagLists
    ) -> Place {
        let public0 = first + publicOffset
        return Place(
            id: id, owner: owner, name: row.text(at: first), description: row.text(at: first + 1),
            coordinate: Coordinate(latitude: row.double(at: first + 2), longitude: row.double(at: first + 3)),
            isVisited: row.int64(at: public0) != 0, version: row.int64(at: public0 + 2),
            createdAt: Timestamp(millisecondsSinceEpoch: row.int64(at: public0 + 4)),
            updatedAt: Timestamp(millisecondsSinceEpoch: row.int64(at: public0 + 3)),
            visitedAt: row.optionalInt64(at: public0 + 1).map(Timestamp.init(millisecondsSinceEpoch:)),
            tags: tagLists.tags(row.textBytes(at: first + 4)))
    }

    /// The sealed value of the current row of `row` (nil: a plaintext row), valid until the statement moves on.
    @inline(__always)
    static func sealed(in row: SQLiteStatement, at first: Int32) -> UnsafeRawBufferPointer? {
        row.blob(at: first + sealedOffset)
    }

    /// The public fields of the current row of `row`, whose run starts at result column `first`.
    @inline(__always)
    static func publicFields(in row: SQLiteStatement, at first: Int32) -> PublicFields {
        let first = first + publicOffset
        return PublicFields(
            isVisited: row.int64(at: first) != 0, visitedAt: row.optionalInt64(at: first + 1),
            version: row.int64(at: first + 2), updatedAt: row.int64(at: first + 3), createdAt: row.int64(at: first + 4))
    }

    /// The current row of `row` as another store takes it, its run at result column `first`, sealed value as it is.
    static func stored(
        in row: SQLiteStatement, at first: Int32, row number: Int64, id: PlaceID, owner: UserID, position: Int64
    ) -> StoredRows.Place {
        StoredRows.Place(
            row: number, id: id, owner: owner, position: position, privateFields: privateFields(in: row, at: first),
            publicFields: publicFields(in: row, at: first), sealed: row.bytes(at: first + sealedOffset))
    }
}
