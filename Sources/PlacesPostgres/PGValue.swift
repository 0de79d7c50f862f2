import PlacesModel

/// One statement parameter in PostgreSQL's binary format; nil in a parameter list is SQL NULL.
///
/// Each statement casts its parameters to their types (`$1::int8`), so the bytes always meet the type they are
/// read as.
struct PGValue: Sendable {
    /// The value's bytes as PostgreSQL's binary format has them.
    let bytes: [UInt8]

    /// An `int8`: 8 bytes, big-endian.
    static func int(_ value: Int64) -> PGValue {
        encoded { put(int: value, into: &$0) }
    }

    /// A `float8`: the IEEE 754 bits, big-endian.
    static func double(_ value: Double) -> PGValue {
        encoded { put(double: value, into: &$0) }
    }

    /// A `bool`: one byte.
    static func bool(_ value: Bool) -> PGValue {
        encoded { put(bool: value, into: &$0) }
    }

    /// A `text`: its UTF-8.
    static func text(_ value: String) -> PGValue {
        encoded { put(text: value, into: &$0) }
    }

    /// A `bytea`: the bytes as they are.
    static func bytes(_ value: [UInt8]) -> PGValue {
        PGValue(bytes: value)
    }

    /// A `uuid`: 16 bytes, most significant first.
    static func id(_ id: PlaceID) -> PGValue {
        encoded { put(id: id, into: &$0) }
    }

    /// The value whose bytes `write` appends.
    private static func encoded(_ write: (inout [UInt8]) -> Void) -> PGValue {
        var bytes: [UInt8] = []
        write(&bytes)
        return PGValue(bytes: bytes)
    }

    // Each type's binary format, appended to `bytes`: shared by the values above and by `PGArray`, which writes
    // its elements straight into its body.

    static func put(int value: Int64, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    static func put(double value: Double, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
    }

    static func put(bool value: Bool, into bytes: inout [UInt8]) {
        bytes.append(value ? 1 : 0)
    }

    static func put(text value: String, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: value.utf8)
    }

    static func put(id: PlaceID, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: (id.high.bigEndian, id.low.bigEndian)) { bytes.append(contentsOf: $0) }
    }
}
