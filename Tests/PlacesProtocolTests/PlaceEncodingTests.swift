import PlacesModel
import PlacesProtocol
import Testing

/// Places on the wire: writing and reading them back.
@Suite struct PlaceEncodingTests {
    static let expected =
        #"{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","name":"Eiffel Tower","description":"Iron lady","latitude":48.8584,"longitude":2.2945,"visited":false,"visitedAt":null,"tags":[],"version":1,"createdAt":"2026-11-30T16:03:55.123Z","updatedAt":"2026-11-30T16:03:55.123Z"}"#

    @Test func writesKeysInOrder() {
        var out = JSONWriter()
        PlaceEncoding.write(samplePlace(), includeOwner: false, to: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == Self.expected)
        var owned = JSONWriter()
        PlaceEncoding.write(samplePlace(owner: 0), includeOwner: true, to: &owned)
        #expect(String(decoding: owned.bytes, as: UTF8.self) == Self.expected.dropLast() + #","owner":0}"#)
    }

    @Test func writesIDsAsCanonicalLowerCase() {
        for _ in 0..<200 {
            let id = PlaceID.random()
            var out = JSONWriter()
            out.writePlaceID(id)
            #expect(String(decoding: out.bytes, as: UTF8.self) == "\"\(id.description)\"")
        }
        var out = JSONWriter()
        out.writePlaceID(PlaceID(high: .max, low: 0))
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\"ffffffff-ffff-ffff-0000-000000000000\"")
    }

    @Test func writesTimestampsAsTheModelSpellsThem() {
        var generator = SystemRandomNumberGenerator()
        let fixed: [Int64] = [0, -1, 1, 86_399_999, 86_400_000, -86_400_000, 951_782_400_000, 253_402_300_799_999]
        let random = (0..<2000).map { _ in
            Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator)
        }
        for milliseconds in fixed + random {
            let timestamp = Timestamp(millisecondsSinceEpoch: milliseconds)
            var out = JSONWriter()
            out.writeTimestamp(timestamp)
            #expect(String(decoding: out.bytes, as: UTF8.self) == "\"\(timestamp.description)\"", "\(milliseconds)")
        }
    }

    @Test func writesArraysOfPlaces() throws {
        var out = JSONWriter()
        PlaceEncoding.write([samplePlace(), samplePlace()], includeOwner: false, to: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "[\(Self.expected),\(Self.expected)]")
        var empty = JSONWriter()
        PlaceEncoding.write([Place](), includeOwner: false, to: &empty)
        #expect(empty.bytes == Array("[]".utf8))
    }

    @Test func decodesWhatItWrites() throws {
        for includeOwner in [false, true] {
            var out = JSONWriter()
            var place = samplePlace(owner: 4_000_000_000)
            place.name = "Quote \" and \\ and é"
            place.description = "line\nbreak"
            place.coordinate = Coordinate(latitude: -33.856784, longitude: 151.215297)
            place.isVisited = true
            place.version = 12
            PlaceEncoding.write(place, includeOwner: includeOwner, to: &out)
            let decoded = try WirePlace.decode(try JSONParser.parse(out.bytes))
            #expect(decoded == WirePlace(place, includeOwner: includeOwner))
        }
    }

    static let invalid: [(String, String, String)] = [
        ("[]", "place", "must be an object"),
        (#"{"name":"x"}"#, "id", "must be a string"),
        (#"{"id":"nope"}"#, "id", "must be a UUID"),
        (#"{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","name":1}"#, "name", "must be a string"),
        (
            #"{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","name":"n","description":"","latitude":"1"}"#, "latitude",
            "must be a number"
        ),
        (
            #"{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","name":"n","description":"","latitude":1,"longitude":2,"visited":1}"#,
            "visited", "must be a boolean"
        ),
        (
            #"{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","name":"n","description":"","latitude":1,"longitude":2,"visited":true,"version":1.5}"#,
            "version", "must be an integer"
        ),
        (
            #"{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","name":"n","description":"","latitude":1,"longitude":2,"visited":true,"version":1,"createdAt":"a"}"#,
            "updatedAt", "must be a string"
        ),
        (
            #"{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","name":"n","description":"","latitude":1,"longitude":2,"visited":true,"version":1,"createdAt":"a","updatedAt":"b","owner":-1}"#,
            "owner", "must be a uid"
        ),
    ]

    @Test(arguments: invalid)
    func refusesMalformedPlaces(text: String, field: String, reason: String) throws {
        let value = try json(text)
        do throws(RPCError) {
            _ = try WirePlace.decode(value)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.data == ["field": .string(field), "reason": .string(reason)])
        }
    }
}
