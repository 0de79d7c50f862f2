import CSQLite
import PlacesModel
import PlacesSealing
import PlacesState

/// A compiled SQL statement with typed binding and column access.
final class SQLiteStatement {
    /// Tells SQLite to copy bound text and blobs before the call returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    private var compiled: OpaquePointer?
    private let connection: SQLiteConnection

    /// Compiles `sql` on `connection`.
    init(connection: SQLiteConnection, sql: String) throws(SQLiteError) {
        var compiled: OpaquePointer?
        let code = sqlite3_prepare_v3(
            connection.rawHandle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &compiled, nil)
        guard code == SQLITE_OK, let compiled else { throw connection.lastError(code: code) }
        self.compiled = compiled
        self.connection = connection
    }

    deinit {
        finalize()
    }

    /// Releases the compiled statement; using it afterwards is a programming error. Idempotent.
    func finalize() {
        sqlite3_finalize(compiled)
        compiled = nil
    }

    private var handle: OpaquePointer {
        guard let compiled else { preconditionFailure("SQLite statement used after finalize") }
        return compiled
    }

    /// Binds an integer to the 1-based parameter `index`.
    func bind(_ value: Int64, at index: Int32) {
        sqlite3_bind_int64(handle, index, value)
    }

    /// Binds a real number to the 1-based parameter `index`.
    func bind(_ value: Double, at index: Int32) {
        sqlite3_bind_double(handle, index, value)
    }

    /// Binds UTF-8 text to the 1-based parameter `index`.
    func bind(_ value: String, at index: Int32) {
        var text = value
        text.withUTF8 { bytes in
            // An empty buffer may have no address, and a null pointer would bind NULL instead of ''.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                sqlite3_bind_text(handle, index, "", 0, nil)
                return
            }
            sqlite3_bind_text(handle, index, base, Int32(bytes.count), SQLiteStatement.transient)
        }
    }

    /// Binds `bytes` as a blob to the 1-based parameter `index`.
    func bind(blob bytes: [UInt8], at index: Int32) {
        bytes.withUnsafeBytes { bytes in
            // An empty buffer may have no address, and a null pointer would bind NULL instead of an empty blob.
            _ = sqlite3_bind_blob(
                handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
                SQLiteStatement.transient)
        }
    }

    /// Binds NULL to the 1-based parameter `index`.
    func bindNull(at index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    /// Binds `value` to parameter `index`, or NULL for nil.
    func bind(optional value: Int64?, at index: Int32) {
        if let value { bind(value, at: index) } else { bindNull(at: index) }
    }

    /// Binds a place id as a 16-byte big-endian blob to the 1-based parameter `index`.
    func bind(_ id: PlaceID, at index: Int32) {
        withUnsafeBytes(of: (id.high.bigEndian, id.low.bigEndian)) { bytes in
            _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, 16, SQLiteStatement.transient)
        }
    }

    /// Advances to the next row; false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.lastError(code: code)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows, then resets it for the next use.
    func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    func reset() {
        sqlite3_reset(handle)
    }

    /// The integer in column `index` (0-based) of the current row.
    func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The integer in column `index` of the current row, or nil for NULL.
    func optionalInt64(at index: Int32) -> Int64? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, index)
    }

    /// The real number in column `index` of the current row.
    func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// The text in column `index` of the current row; invalid UTF-8 is repaired.
    func text(at index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The UTF-8 of the text in column `index` of the current row, valid until the statement steps or resets.
    func textBytes(at index: Int32) -> UnsafeRawBufferPointer {
        guard let bytes = sqlite3_column_text(handle, index) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// The blob in column `index` of the current row, valid until the statement steps or resets; nil for NULL.
    func blob(at index: Int32) -> UnsafeRawBufferPointer? {
        guard sqlite3_column_type(handle, index) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let bytes = sqlite3_column_blob(handle, index) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: bytes, count: count)
    }

    /// A copy of the blob in column `index` of the current row; nil for NULL.
    func bytes(at index: Int32) -> [UInt8]? {
        blob(at: index).map { Array($0) }
    }

    /// The 16-byte blob in column `index` as a place id, or nil if the column holds anything else.
    func placeID(at index: Int32) -> PlaceID? {
        guard let blob = sqlite3_column_blob(handle, index), sqlite3_column_bytes(handle, index) == 16 else {
            return nil
        }
        let raw = UnsafeRawPointer(blob)
        return PlaceID(
            high: UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)),
            low: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        )
    }
}
