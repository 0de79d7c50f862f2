extension JSONNumber {
    /// Creates the number for an integer.
    public init(_ value: Int64) {
        var writer = JSONWriter(capacity: 20)
        writer.writeInt(value)
        self.init(validatedText: String(decoding: writer.bytes, as: UTF8.self))
    }

    /// Creates the number for an integer.
    public init(_ value: Int) {
        self.init(Int64(value))
    }

    /// Creates the number for a finite double, written as `JSONWriter.writeDouble(_:)` writes it;
    /// `nil` for infinities and NaN, which JSON cannot express.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        var writer = JSONWriter(capacity: 32)
        writer.writeDouble(value)
        self.init(validatedText: String(decoding: writer.bytes, as: UTF8.self))
    }

    /// The number as an `Int64` when its value is an integer that fits, however it is written
    /// (`3`, `3.0`, `3e0`); `nil` otherwise.
    public var integerValue: Int64? {
        if let exact = int64 { return exact }
        guard let double, double.magnitude < 9_007_199_254_740_992 else { return nil }
        let integer = Int64(double)
        return Double(integer) == double ? integer : nil
    }
}
