import PlacesModel

/// Reads the rings of a coastline data file (`Coastline.load(from:)`) from its bytes, a line at a time.
struct CoastlineReader {
    /// The file's bytes.
    let bytes: [UInt8]
    /// The ring count at most, so that a wrong file cannot take all memory in small arrays.
    static let maximumPoints = 10_000_000

    /// Every ring of the file.
    mutating func rings() throws(CoastlineError) -> [[Coordinate]] {
        var rings: [[Coordinate]] = []
        var total = 0
        var line = 0
        var start = 0
        while start < bytes.count {
            line += 1
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            defer { start = end + 1 }
            guard start < end, bytes[start] != UInt8(ascii: "#") else { continue }
            let numbers = try Self.integers(bytes[start..<end], line: line)
            guard numbers.count >= 6, numbers.count % 2 == 0 else {
                throw CoastlineError(
                    line: line, reason: "a ring needs at least 3 points, as pairs of numbers; found \(numbers.count)")
            }
            total += numbers.count / 2
            guard total <= Self.maximumPoints else {
                throw CoastlineError(line: line, reason: "more than \(Self.maximumPoints) points")
            }
            rings.append(try Self.ring(numbers, line: line))
        }
        return rings
    }

    /// The points of one line's numbers: the first pair absolute, the others differences.
    static func ring(_ numbers: [Int], line: Int) throws(CoastlineError) -> [Coordinate] {
        var ring: [Coordinate] = []
        ring.reserveCapacity(numbers.count / 2)
        var longitude = 0
        var latitude = 0
        for index in stride(from: 0, to: numbers.count, by: 2) {
            longitude += numbers[index]
            latitude += numbers[index + 1]
            guard abs(longitude) <= 18_000, abs(latitude) <= 9_000 else {
                throw CoastlineError(
                    line: line, reason: "point \(index / 2 + 1) is outside the world (\(longitude), \(latitude))")
            }
            ring.append(Coordinate(latitude: Double(latitude) / 100, longitude: Double(longitude) / 100))
        }
        return ring
    }

    /// The whole numbers of a line, separated by spaces.
    static func integers(_ text: ArraySlice<UInt8>, line: Int) throws(CoastlineError) -> [Int] {
        var numbers: [Int] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\r") {
                index += 1
                continue
            }
            let negative = text[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var value = 0
            var digits = 0
            while index < text.endIndex, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9"),
                digits < 9
            {
                value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0,
                index == text.endIndex || text[index] == UInt8(ascii: " ")
                    || text[index] == UInt8(ascii: "\r")
            else {
                throw CoastlineError(line: line, reason: "expected whole numbers separated by spaces")
            }
            numbers.append(negative ? -value : value)
        }
        return numbers
    }
}
