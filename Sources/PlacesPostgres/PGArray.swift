import PlacesModel

/// A one-dimensional array parameter in PostgreSQL's binary format, built element by element: how a batch of
/// rows goes in one statement (`SELECT unnest($1::int8[]), …`).
struct PGArray {
    /// The element types used here, by their type OIDs.
    enum Element: Int32 {
        case bool = 16
        case bytea = 17
        case int8 = 20
        case text = 25
        case float8 = 701
        case uuid = 2950
    }

    private let element: Element
    private var body: [UInt8] = []
    private var count: Int32 = 0
    private var hasNull = false

    /// An empty array of `element`s.
    init(of element: Element) {
        self.element = element
    }

    /// Appends `value` (nil: NULL), which must be of the array's element type.
    mutating func append(_ value: PGValue?) {
        count += 1
        guard let value else {
            hasNull = true
            Self.put(Int32(-1), into: &body)
            return
        }
        Self.put(Int32(value.bytes.count), into: &body)
        body.append(contentsOf: value.bytes)
    }

    /// Appends an `int8`.
    mutating func append(int value: Int64) {
        appendLength(8)
        PGValue.put(int: value, into: &body)
    }

    /// Appends a `float8`.
    mutating func append(double value: Double) {
        appendLength(8)
        PGValue.put(double: value, into: &body)
    }

    /// Appends a `bool`.
    mutating func append(bool value: Bool) {
        appendLength(1)
        PGValue.put(bool: value, into: &body)
    }

    /// Appends a `text`.
    mutating func append(text value: String) {
        appendLength(value.utf8.count)
        PGValue.put(text: value, into: &body)
    }

    /// Appends a `bytea`.
    mutating func append(bytes value: [UInt8]) {
        appendLength(value.count)
        body.append(contentsOf: value)
    }

    /// Appends a `uuid`.
    mutating func append(id: PlaceID) {
        appendLength(16)
        PGValue.put(id: id, into: &body)
    }

    /// Counts one more element, `length` bytes long, whose bytes come next: the typed appends write them into
    /// the array's body as they are, with no value of their own in between.
    private mutating func appendLength(_ length: Int) {
        count += 1
        Self.put(Int32(length), into: &body)
    }

    /// The array as a parameter.
    var value: PGValue {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20 + body.count)
        Self.put(Int32(count == 0 ? 0 : 1), into: &bytes)
        Self.put(Int32(hasNull ? 1 : 0), into: &bytes)
        Self.put(element.rawValue, into: &bytes)
        if count > 0 {
            Self.put(count, into: &bytes)
            Self.put(Int32(1), into: &bytes)
            bytes.append(contentsOf: body)
        }
        return PGValue(bytes: bytes)
    }

    private static func put(_ value: Int32, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }
}
