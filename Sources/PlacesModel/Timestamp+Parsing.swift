extension Timestamp {
    /// Reads an RFC 3339 timestamp (`2026-06-01T14:30:00Z`, `2026-06-01T16:30:00.250+02:00`; fractions beyond
    /// milliseconds are cut) or a full date (`2026-06-01`, midnight UTC); nil for anything else, or a date that
    /// does not exist (`2026-02-30`).
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        var reader = DigitReader(bytes: bytes)
        guard let year = reader.number(digits: 4), reader.take("-"), let month = reader.number(digits: 2),
            reader.take("-"), let day = reader.number(digits: 2), (1...12).contains(month),
            (1...Self.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        var milliseconds = Self.daysSinceEpoch(year: year, month: month, day: day) * 86_400_000
        if reader.isAtEnd {
            self.init(millisecondsSinceEpoch: milliseconds)
            return
        }
        guard reader.take("T") || reader.take("t") || reader.take(" "), let hour = reader.number(digits: 2),
            reader.take(":"), let minute = reader.number(digits: 2), reader.take(":"),
            let second = reader.number(digits: 2), hour < 24, minute < 60, second < 61
        else { return nil }
        milliseconds += (hour * 3600 + minute * 60 + min(second, 59)) * 1000
        if reader.take(".") {
            var scale: Int64 = 100
            var digits = 0
            while let digit = reader.digit() {
                milliseconds += digit * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        if !(reader.take("Z") || reader.take("z")) {
            guard let sign: Int64 = reader.take("+") ? 1 : reader.take("-") ? -1 : nil,
                let offsetHours = reader.number(digits: 2), reader.take(":"),
                let offsetMinutes = reader.number(digits: 2), offsetHours < 24, offsetMinutes < 60
            else { return nil }
            milliseconds -= sign * (offsetHours * 60 + offsetMinutes) * 60_000
        }
        guard reader.isAtEnd else { return nil }
        self.init(millisecondsSinceEpoch: milliseconds)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        // Rounded down, not towards zero: January and February of year 0 belong to year -1's era.
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func days(inMonth month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Reads ASCII digits and separators from the front of a timestamp.
    private struct DigitReader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: character) else { return false }
            offset += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard offset < bytes.count, (0x30...0x39).contains(bytes[offset]) else { return nil }
            offset += 1
            return Int64(bytes[offset - 1] - 0x30)
        }

        mutating func number(digits: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}
