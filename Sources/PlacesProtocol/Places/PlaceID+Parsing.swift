import PlacesModel

extension PlaceID {
    /// Parses the 36-character hyphenated form in any letter case, straight from the string's UTF-8
    /// (the model's generic initialiser is not specialised across modules and costs ten times more).
    static func parse(_ text: String) -> PlaceID? {
        var text = text
        return text.withUTF8 { utf8 -> PlaceID? in
            guard utf8.count == 36 else { return nil }
            var high: UInt64 = 0
            var low: UInt64 = 0
            var nibbles = 0
            for position in 0..<36 {
                let byte = utf8[position]
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard byte == UInt8(ascii: "-") else { return nil }
                    continue
                }
                let value: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte &- UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte &- UInt8(ascii: "a") &+ 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte &- UInt8(ascii: "A") &+ 10
                default: return nil
                }
                if nibbles < 16 {
                    high = high << 4 | UInt64(value)
                } else {
                    low = low << 4 | UInt64(value)
                }
                nibbles += 1
            }
            return PlaceID(high: high, low: low)
        }
    }
}
