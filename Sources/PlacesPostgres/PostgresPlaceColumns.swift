import PlacesModel
import PlacesPersistence
import PlacesSealing
import PlacesState

/// How a place's fields map to the columns of `places` and `changes` in PostgreSQL: the one list of those columns
/// in the SQL of every statement that writes or reads them, the arrays a batch sends them in, and the one place
/// that decodes them from a row.
///
/// The columns come as one run, in `columns`' order: the private fields ('' and 0 in a sealed store), the sealed
/// value, then the public fields, `created_at` last (an update writes every column but that one). A statement puts
/// the run at some parameter or result column. This is the statements' order only: the tables' own column order
/// is `PostgresSchema`'s, and a new field is added there by an upgrade.
enum PostgresPlaceColumns {
    /// Every column of a place's fields and the type of its array parameter, in the order they are sent and read.
    static let columns: [(name: String, type: String)] = [
        ("name", "text"), ("description", "text"), ("latitude", "float8"), ("longitude", "float8"), ("tags", "text"),
        ("sealed", "bytea"), ("visited", "bool"), ("visited_at", "int8"), ("version", "int8"), ("updated_at", "int8"),
        ("created_at", "int8"),
    ]
    /// Where the sealed value is in the run.
    static let sealedOffset = 5
    /// Where the public fields start in the run.
    static let publicOffset = 6

    /// The columns, comma-separated: a select list or an insert's column list.
    static let list = columns.map(\.name).joined(separator: ", ")
    /// The array types of the columns, in order: for `unnest`.
    static let types = columns.map(\.type)
    /// The columns an update writes (all but `created_at`), comma-separated.
    static let updatedList = columns.dropLast().map(\.name).joined(separator: ", ")
    /// The array types of the columns an update writes, in order.
    static let updatedTypes = columns.dropLast().map(\.type)

    /// `column = alias.column` for every column an update writes, comma-separated: what an update sets from the
    /// rows `alias` names.
    static func assignments(from alias: String) -> String {
        columns.dropLast().map { "\($0.name) = \(alias).\($0.name)" }.joined(separator: ", ")
    }

    /// The private fields' columns of `row` of `result`, whose run starts at column `first`: what a plaintext row
    /// holds ('' and 0 in a sealed one). The tags are read through `tagLists` when given.
    @inline(__always)
    static func privateFields(
        in result: PGResult, at row: Int, from first: Int, tagLists: StoredTagLists? = nil
    ) -> SealedPayload {
        SealedPayload(
            name: result.text(row, first), description: result.text(row, first + 1),
            coordinate: Coordinate(latitude: result.double(row, first + 2), longitude: result.double(row, first + 3)),
            tags: tagLists?.tags(result.raw(row, first + 4)) ?? SealedPayload.splitTags(result.text(row, first + 4)))
    }

    /// The public fields of `row` of `result`, whose run starts at column `first`.
    @inline(__always)
    static func publicFields(in result: PGResult, at row: Int, from first: Int) -> PublicFields {
        let first = first + publicOffset
        return PublicFields(
            isVisited: result.bool(row, first),
            visitedAt: result.isNull(row, first + 1) ? nil : result.int64(row, first + 1),
            version: result.int64(row, first + 2), updatedAt: result.int64(row, first + 3),
            createdAt: result.int64(row, first + 4))
    }

    /// The place `id` of `owner` in `row` of `result`, whose run starts at column `first`; opened with `cipher`
    /// when the store is sealed; a row not in the store's form is damage, reported as `what()`'s. The tags are
    /// read through `tagLists` when given.
    @inline(__always)
    static func place(
        in result: PGResult, at row: Int, from first: Int, id: PlaceID, owner: UserID, cipher: PlaceCipher?,
        scratch: inout [UInt8], tagLists: StoredTagLists? = nil, what: @autoclosure () -> String
    ) throws(DamagedState) -> Place {
        let payload: SealedPayload
        let sealed = first + sealedOffset
        let isSealed = !result.isNull(row, sealed)
        if let cipher {
            guard isSealed,
                let opened = cipher.open(
                    result.raw(row, sealed), id: id, owner: owner, scratch: &scratch, tagLists: tagLists)
            else { throw DamagedState(reason: "\(what()) does not open with the store's key") }
            payload = opened
        } else {
            guard !isSealed else { throw DamagedState(reason: "\(what()) is sealed in a plaintext store") }
            payload = privateFields(in: result, at: row, from: first, tagLists: tagLists)
        }
        return publicFields(in: result, at: row, from: first).place(id: id, owner: owner, privateFields: payload)
    }

    /// The row `row` of `result` as another store takes it, its run at column `first`, its sealed value as it is.
    static func stored(
        in result: PGResult, at row: Int, from first: Int, row number: Int64, id: PlaceID, owner: UserID,
        position: Int64
    ) -> StoredRows.Place {
        StoredRows.Place(
            row: number, id: id, owner: owner, position: position,
            privateFields: privateFields(in: result, at: row, from: first),
            publicFields: publicFields(in: result, at: row, from: first),
            sealed: result.bytes(row, first + sealedOffset))
    }

    /// The fields of places as array parameters, one per column: in plaintext, or sealed with '' and 0 in the
    /// private fields' columns.
    struct Arrays {
        private var names = PGArray(of: .text)
        private var descriptions = PGArray(of: .text)
        private var latitudes = PGArray(of: .float8)
        private var longitudes = PGArray(of: .float8)
        private var tags = PGArray(of: .text)
        private var sealed = PGArray(of: .bytea)
        private var visited = PGArray(of: .bool)
        private var visitedAts = PGArray(of: .int8)
        private var versions = PGArray(of: .int8)
        private var updatedAts = PGArray(of: .int8)
        private var createdAts = PGArray(of: .int8)

        /// Adds the fields of `place`, sealed with `cipher` when there is one.
        @inline(__always)
        mutating func append(_ place: Place, cipher: PlaceCipher?) {
            if let cipher {
                names.append(text: "")
                descriptions.append(text: "")
                latitudes.append(double: 0)
                longitudes.append(double: 0)
                tags.append(text: "")
                sealed.append(bytes: cipher.seal(SealedPayload(place), id: place.id, owner: place.owner))
            } else {
                appendColumns(SealedPayload(place))
                sealed.append(nil)
            }
            append(PublicFields(place))
        }

        /// Adds a row as another store held it, its sealed value as it is.
        mutating func append(_ stored: StoredRows.Place) {
            appendColumns(stored.privateFields)
            sealed.append(stored.sealed.map(PGValue.bytes))
            append(stored.publicFields)
        }

        @inline(__always)
        private mutating func appendColumns(_ payload: SealedPayload) {
            names.append(text: payload.name)
            descriptions.append(text: payload.description)
            latitudes.append(double: payload.coordinate.latitude)
            longitudes.append(double: payload.coordinate.longitude)
            tags.append(text: SealedPayload.joinedTags(payload.tags))
        }

        @inline(__always)
        private mutating func append(_ fields: PublicFields) {
            visited.append(bool: fields.isVisited)
            visitedAts.append(fields.visitedAt.map(PGValue.int))
            versions.append(int: fields.version)
            updatedAts.append(int: fields.updatedAt)
            createdAts.append(int: fields.createdAt)
        }

        /// The arrays in `columns`' order; for an update (`isUpdate`), every one but `created_at`'s.
        func values(isUpdate: Bool = false) -> [PGValue?] {
            let all = [
                names.value, descriptions.value, latitudes.value, longitudes.value, tags.value, sealed.value,
                visited.value, visitedAts.value, versions.value, updatedAts.value,
            ]
            return isUpdate ? all : all + [createdAts.value]
        }
    }
}
