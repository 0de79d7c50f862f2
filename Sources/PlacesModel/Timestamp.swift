/// A point in time with millisecond precision, as the daemon stamps changes.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public let millisecondsSinceEpoch: Int64

    /// Creates a timestamp from milliseconds since the Unix epoch.
    public init(millisecondsSinceEpoch: Int64) {
        self.millisecondsSinceEpoch = millisecondsSinceEpoch
    }

    /// Orders timestamps chronologically.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
    }

    /// The RFC 3339 UTC form with milliseconds, e.g. `2026-11-29T16:03:55.123Z`.
    public var description: String {
        let milliseconds = millisecondsSinceEpoch
        let days = Self.floorDivide(milliseconds, 86_400_000)
        let millisecondOfDay = milliseconds - days * 86_400_000
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        let seconds = millisecondOfDay / 1000
        let fraction = millisecondOfDay % 1000
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var index = 0
            func put(_ value: Int64, digits: Int) {
                var divisor: Int64 = 1
                for _ in 1..<digits { divisor *= 10 }
                var rest = value
                while divisor > 0 {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest / divisor)
                    rest %= divisor
                    divisor /= 10
                    index += 1
                }
            }
            func put(_ byte: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: byte)
                index += 1
            }
            put(min(max(year, 0), 9999), digits: 4)
            put("-")
            put(month, digits: 2)
            put("-")
            put(day, digits: 2)
            put("T")
            put(seconds / 3600, digits: 2)
            put(":")
            put(seconds / 60 % 60, digits: 2)
            put(":")
            put(seconds % 60, digits: 2)
            put(".")
            put(fraction, digits: 3)
            put("Z")
            return index
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Converts days since the epoch to a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
