import CLibPQ
import PlacesModel

/// A statement's result, its rows in binary format; frees libpq's result when it goes.
///
/// `@unchecked Sendable` holds because libpq never changes a result after making it (its documentation: such
/// objects "can be passed around freely between threads"), and this class only reads it.
final class PGResult: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Takes over `handle`.
    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    /// The number of rows.
    var rowCount: Int { Int(PQntuples(handle)) }

    /// The command tag, e.g. `COMMIT` (or `ROLLBACK` for a commit of a failed transaction).
    var commandTag: String { String(cString: PQcmdStatus(handle)) }

    /// Whether the value at `row`, `column` is NULL.
    func isNull(_ row: Int, _ column: Int) -> Bool {
        PQgetisnull(handle, Int32(row), Int32(column)) != 0
    }

    /// The raw bytes at `row`, `column` (empty for NULL), valid while the result lives.
    func raw(_ row: Int, _ column: Int) -> UnsafeRawBufferPointer {
        let count = Int(PQgetlength(handle, Int32(row), Int32(column)))
        guard let value = PQgetvalue(handle, Int32(row), Int32(column)) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: UnsafeRawPointer(value), count: count)
    }

    /// An `int8` (or `int4`) at `row`, `column`; 0 for NULL.
    func int64(_ row: Int, _ column: Int) -> Int64 {
        let bytes = raw(row, column)
        switch bytes.count {
        case 8: return Int64(bigEndian: bytes.loadUnaligned(as: Int64.self))
        case 4: return Int64(Int32(bigEndian: bytes.loadUnaligned(as: Int32.self)))
        default: return 0
        }
    }

    /// A `float8` at `row`, `column`; 0 for NULL.
    func double(_ row: Int, _ column: Int) -> Double {
        let bytes = raw(row, column)
        guard bytes.count == 8 else { return 0 }
        return Double(bitPattern: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)))
    }

    /// A `bool` at `row`, `column`; false for NULL.
    func bool(_ row: Int, _ column: Int) -> Bool {
        let bytes = raw(row, column)
        return bytes.count == 1 && bytes[0] != 0
    }

    /// A `text` at `row`, `column`; "" for NULL.
    func text(_ row: Int, _ column: Int) -> String {
        String(decoding: raw(row, column), as: UTF8.self)
    }

    /// A `bytea` at `row`, `column`, or nil for NULL.
    func bytes(_ row: Int, _ column: Int) -> [UInt8]? {
        isNull(row, column) ? nil : Array(raw(row, column))
    }

    /// A `uuid` at `row`, `column`, or nil for NULL.
    func id(_ row: Int, _ column: Int) -> PlaceID? {
        let bytes = raw(row, column)
        guard bytes.count == 16 else { return nil }
        return PlaceID(
            high: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
            low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }
}
