import PlacesModel
import PlacesProtocol
import Testing

/// `places.near`, `places.export` and `server.unlock` params.
@Suite struct OtherParamsTests {
    @Test func decodesNear() throws {
        let decoded = try NearParams.decode(params(#"{"latitude":48.85,"longitude":2.29}"#))
        #expect(decoded == NearParams(coordinate: Coordinate(latitude: 48.85, longitude: 2.29), radius: nil, limit: 10))
        let full = try NearParams.decode(params(#"{"latitude":0,"longitude":0,"radius":1500.5,"limit":3}"#))
        #expect(full == NearParams(coordinate: Coordinate(latitude: 0, longitude: 0), radius: 1500.5, limit: 3))
    }

    static let invalidNear: [(String?, String, String)] = [
        (nil, "latitude", "is required"),
        (#"{"latitude":1}"#, "longitude", "is required"),
        (#"{"latitude":"1","longitude":1}"#, "latitude", "must be a number"),
        (#"{"latitude":91,"longitude":1}"#, "latitude", "must be between -90 and 90"),
        (#"{"latitude":1,"longitude":1,"radius":-1}"#, "radius", "must be a non-negative number"),
        (#"{"latitude":1,"longitude":1,"radius":1e999}"#, "radius", "must be a non-negative number"),
        (#"{"latitude":1,"longitude":1,"radius":"5"}"#, "radius", "must be a number"),
        (#"{"latitude":1,"longitude":1,"limit":-2}"#, "limit", "must be a non-negative integer"),
        (#"{"latitude":1,"longitude":1,"lon":1}"#, "lon", "is not a known parameter"),
    ]

    @Test(arguments: invalidNear)
    func refusesInvalidNear(text: String?, field: String, reason: String) throws {
        #expect(try paramsFailure(NearParams.decode, text) == ValidationError(field: field, reason: reason))
    }

    @Test func decodesExport() throws {
        for format in ExportFormat.allCases {
            #expect(
                try ExportParams.decode(params(#"{"format":"\#(format.rawValue)"}"#)) == ExportParams(format: format))
        }
        #expect(
            try ExportParams.decode(params(#"{"format":"gpx","allUsers":true}"#))
                == ExportParams(format: .gpx, allUsers: true)
        )
    }

    static let invalidExport: [(String?, String, String)] = [
        (nil, "format", "is required"),
        (#"{"format":"shp"}"#, "format", "must be one of json, geojson, gpx, kml, kmz, csv"),
        (#"{"format":"JSON"}"#, "format", "must be one of json, geojson, gpx, kml, kmz, csv"),
        (#"{"format":"gpx","groupByTag":true}"#, "groupByTag", "is read only with the formats kml and kmz"),
        (#"{"format":"kml","groupByTag":1}"#, "groupByTag", "must be a boolean"),
        (#"{"format":1}"#, "format", "must be a string"),
        (#"{"format":"json","pretty":true}"#, "pretty", "is not a known parameter"),
    ]

    @Test(arguments: invalidExport)
    func refusesInvalidExport(text: String?, field: String, reason: String) throws {
        #expect(try paramsFailure(ExportParams.decode, text) == ValidationError(field: field, reason: reason))
    }

    @Test func decodesUnlock() throws {
        // 32 bytes 0x00...0x1F.
        let key = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
        #expect(try UnlockParams.decode(params(#"{"key":"\#(key)"}"#)).key == Array(0..<32))
        #expect(try UnlockParams.decode(params(#"{"key":"\#(key.dropLast())"}"#)).key == Array(0..<32))
        let ones = "//////////////////////////////////////////8="
        #expect(try UnlockParams.decode(params(#"{"key":"\#(ones)"}"#)).key == Array(repeating: 255, count: 32))
    }

    static let invalidUnlock: [(String?, String, String)] = [
        (nil, "key", "is required"),
        (#"{"key":1}"#, "key", "must be a string"),
        (#"{"key":""}"#, "key", "must be the base64 encoding of a 32-byte key"),
        (
            #"{"key":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHg=="}"#, "key",
            "must be the base64 encoding of a 32-byte key"
        ),
        (
            #"{"key":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gIQ=="}"#, "key",
            "must be the base64 encoding of a 32-byte key"
        ),
        (
            #"{"key":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8*"}"#, "key",
            "must be the base64 encoding of a 32-byte key"
        ),
        (
            #"{"key":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh9="}"#, "key",
            "must be the base64 encoding of a 32-byte key"
        ),
        (
            #"{"key":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=="}"#, "key",
            "must be the base64 encoding of a 32-byte key"
        ),
        (
            #"{"key":"AAEC AwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="}"#, "key",
            "must be the base64 encoding of a 32-byte key"
        ),
        (#"{"key":"x","passphrase":"y"}"#, "passphrase", "is not a known parameter"),
    ]

    @Test(arguments: invalidUnlock)
    func refusesInvalidUnlock(text: String?, field: String, reason: String) throws {
        #expect(try paramsFailure(UnlockParams.decode, text) == ValidationError(field: field, reason: reason))
    }
}

extension OtherParamsTests {
    @Test func keepsTheKeyOutOfDescriptions() {
        let params = UnlockParams(key: Array(repeating: 0xAB, count: 32))
        #expect("\(params)" == "UnlockParams(key: 32 bytes)")
        #expect(String(reflecting: params) == "UnlockParams(key: 32 bytes)")
        var dumped = ""
        dump(params, to: &dumped)
        #expect(!dumped.contains("171"))
    }
}
