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
        withUnsafeBytes(of: value.bigEndian) { PGValue(bytes: Array($0)) }
    }

    /// A `float8`: the IEEE 754 bits, big-endian.
    static func double(_ value: Double) -> PGValue {
        withUnsafeBytes(of: value.bitPattern.bigEndian) { PGValue(bytes: Array($0)) }
    }

    /// A `bool`: one byte.
    static func bool(_ value: Bool) -> PGValue {
        PGValue(bytes: [value ? 1 : 0])
    }

    /// A `text`: its UTF-8.
    static func text(_ value: String) -> PGValue {
        PGValue(bytes: Array(value.utf8))
    }

    /// A `bytea`: the bytes as they are.
    static func bytes(_ value: [UInt8]) -> PGValue {
        PGValue(bytes: value)
    }

    /// A `uuid`: 16 bytes, most significant first.
    static func id(_ id: PlaceID) -> PGValue {
        withUnsafeBytes(of: (id.high.bigEndian, id.low.bigEndian)) { PGValue(bytes: Array($0)) }
    }
}
