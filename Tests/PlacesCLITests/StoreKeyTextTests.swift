import PlacesProtocol
import Testing

@testable import PlacesCLI

@Suite struct StoreKeyTextTests {
    @Test func exactlyThirtyTwoBytesAreTheKeyItself() {
        let raw = Array("                                ".utf8)
        #expect(raw.count == 32)
        #expect(StoreKeyText.key(in: raw) == raw)
        let newline = Array(repeating: UInt8(ascii: "\n"), count: 32)
        #expect(StoreKeyText.key(in: newline) == newline)
    }

    @Test func textRoundTrips() {
        let key: [UInt8] = (0..<32).map { UInt8($0 * 7 % 256) }
        let text = Base64.encode(key)
        #expect(text.count == 44)
        #expect(StoreKeyText.key(in: Array((text + "\n").utf8)) == key)
        #expect(StoreKeyText.key(in: Array(("\t" + text + " \r\n\n").utf8)) == key)
    }

    @Test(arguments: [
        [UInt8](repeating: 0, count: 31), [UInt8](repeating: 0, count: 33), Array("AAAA".utf8),
        [0xFF, 0xFE] + Array(repeating: UInt8(ascii: "A"), count: 42),
        Array(repeating: UInt8(ascii: " "), count: 1100) + Array("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=".utf8),
    ])
    func anythingElseIsNoKey(contents: [UInt8]) {
        #expect(StoreKeyText.key(in: contents) == nil)
    }

    @Test func blankIsTold() {
        #expect(StoreKeyText.isBlank([]))
        #expect(StoreKeyText.isBlank(Array(" \n\t\r".utf8)))
        #expect(!StoreKeyText.isBlank(Array(" x ".utf8)))
    }

    @Test func aLongFileIsReadOnlyAsFarAsNeeded() throws {
        let contents = try InputFile.read("/dev/zero", atMost: StoreKeyText.maximumInputLength)
        #expect(contents.count == StoreKeyText.maximumInputLength + 1)
    }
}
