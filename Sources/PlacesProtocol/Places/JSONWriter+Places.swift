import PlacesModel

extension JSONWriter {
    /// Writes a place id as a quoted canonical lower-case UUID, without building a `String`.
    public mutating func writePlaceID(_ id: PlaceID) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PlaceID.canonicalLength + 2) { text in
            text[0] = UInt8(ascii: "\"")
            id.writeCanonical(to: UnsafeMutableBufferPointer(rebasing: text[1...]))
            text[text.count - 1] = UInt8(ascii: "\"")
            bytes.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    /// Writes a timestamp as a quoted RFC 3339 UTC string with milliseconds, exactly as `Timestamp.description`
    /// spells it, without building a `String`.
    public mutating func writeTimestamp(_ timestamp: Timestamp) {
        let milliseconds = timestamp.millisecondsSinceEpoch
        var days = milliseconds / 86_400_000
        if milliseconds % 86_400_000 < 0 { days -= 1 }
        let millisecondOfDay = milliseconds - days * 86_400_000
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        let seconds = millisecondOfDay / 1000
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 26) { text in
            // "YYYY-MM-DDTHH:MM:SS.mmmZ" in quotes: every field has a fixed place.
            text[0] = UInt8(ascii: "\"")
            text[5] = UInt8(ascii: "-")
            text[8] = UInt8(ascii: "-")
            text[11] = UInt8(ascii: "T")
            text[14] = UInt8(ascii: ":")
            text[17] = UInt8(ascii: ":")
            text[20] = UInt8(ascii: ".")
            text[24] = UInt8(ascii: "Z")
            text[25] = UInt8(ascii: "\"")
            Self.putDigits(min(max(year, 0), 9999), count: 4, into: text, at: 1)
            Self.putDigits(month, count: 2, into: text, at: 6)
            Self.putDigits(day, count: 2, into: text, at: 9)
            Self.putDigits(seconds / 3600, count: 2, into: text, at: 12)
            Self.putDigits(seconds / 60 % 60, count: 2, into: text, at: 15)
            Self.putDigits(seconds % 60, count: 2, into: text, at: 18)
            Self.putDigits(millisecondOfDay % 1000, count: 3, into: text, at: 21)
            bytes.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    /// Writes the last `count` decimal digits of `value` (not negative) at `offset`.
    @inline(__always)
    private static func putDigits(
        _ value: Int64,
        count: Int,
        into text: UnsafeMutableBufferPointer<UInt8>,
        at offset: Int
    ) {
        var rest = value
        var position = offset + count
        while position > offset {
            position -= 1
            text[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }

    /// Converts days since the epoch to a proleptic Gregorian date (Howard Hinnant's `civil_from_days`),
    /// as `Timestamp.description` does.
    private static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
