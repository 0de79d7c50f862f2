import PlacesModel
import Testing

@Suite("Place ids")
struct PlaceIDTests {
    @Test("Parses any case and prints canonical lower case")
    func parsing() throws {
        let id = try #require(PlaceID("0F8FAD5B-D9CB-469F-A165-70867728950E"))
        #expect(id.description == "0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(PlaceID(id.description) == id)
    }

    @Test(
        "Refuses malformed ids",
        arguments: [
            "", "0f8fad5b", "0f8fad5bd9cb469fa16570867728950e", "0f8fad5b-d9cb-469f-a165-70867728950",
            "0f8fad5b-d9cb-469f-a165-70867728950e0", "0f8fad5b_d9cb-469f-a165-70867728950e",
            "zf8fad5b-d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950é",
        ])
    func malformed(text: String) {
        #expect(PlaceID(text) == nil)
    }

    @Test("Random ids are version 4, variant 1, and distinct")
    func random() {
        var seen = Set<PlaceID>()
        for _ in 0..<1000 {
            let id = PlaceID.random()
            let text = Array(id.description)
            #expect(text[14] == "4")
            #expect("89ab".contains(text[19]))
            seen.insert(id)
        }
        #expect(seen.count == 1000)
    }

    @Test("Prints every digit of both halves in its place, whatever the bits")
    func canonicalDigits() {
        // The 128 bits as two 16-digit halves, cut 8-4-4 and 4-12: what the canonical form is, said another way.
        func expected(_ id: PlaceID) -> String {
            func hex(_ value: UInt64) -> String {
                let digits = String(value, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }
            let (high, low) = (Array(hex(id.high)), Array(hex(id.low)))
            return String(high[0..<8]) + "-" + String(high[8..<12]) + "-" + String(high[12..<16]) + "-"
                + String(low[0..<4]) + "-" + String(low[4..<16])
        }
        var ids: [PlaceID] = [
            PlaceID(high: 0, low: 0), PlaceID(high: .max, low: .max),
            PlaceID(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210),
            PlaceID(high: 0x9A9A_9A9A_9A9A_9A9A, low: 0xA9A9_A9A9_A9A9_A9A9),
        ]
        for shift in 0..<64 {
            ids.append(PlaceID(high: 1 << shift, low: 0xF << (shift & ~3)))
        }
        // Bits spread by multiplying by odd constants: every digit value in every place many times, the same on
        // every run.
        for index in UInt64(1)...10_000 {
            ids.append(PlaceID(high: index &* 0x9E37_79B9_7F4A_7C15, low: ~index &* 0xBF58_476D_1CE4_E5B9))
        }
        for id in ids {
            #expect(id.description == expected(id))
            #expect(PlaceID(id.description) == id)
        }
    }
}
