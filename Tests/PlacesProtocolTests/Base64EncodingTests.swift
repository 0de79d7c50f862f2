import PlacesProtocol
import Testing

@Suite("Base64 encoding")
struct Base64EncodingTests {
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func base64MatchesRFC4648(text: String, encoded: String) {
        #expect(Base64.encode(Array(text.utf8)) == encoded)
    }

    @Test func base64UsesTheWholeAlphabet() {
        let bytes: [UInt8] = [0x00, 0x10, 0x83, 0x10, 0x51, 0x87, 0x20, 0x92, 0x8B, 0xFF, 0xFF, 0xFE]
        #expect(Base64.encode(bytes) == "ABCDEFGHIJKL///+")
    }

    @Test func decodingUndoesEncoding() {
        for count in 0..<40 {
            let bytes = (0..<count).map { UInt8($0 * 37 % 256) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
    }
}
