import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct StoreKeyTests {
    private let raw: [UInt8] = (0..<32).map { UInt8($0 * 7 + 1) }

    @Test func keyIsExactlyThirtyTwoBytes() throws {
        #expect(StoreKey.byteCount == 32)
        #expect(try StoreKey(bytes: raw).base64 == "AQgPFh0kKzI5QEdOVVxjanF4f4aNlJuiqbC3vsXM09o=")
        for count in [0, 16, 31, 33, 64] {
            #expect(throws: StoreKeyError(reason: "a store key is 32 bytes, got \(count)")) {
                try StoreKey(bytes: [UInt8](repeating: 1, count: count))
            }
        }
    }

    @Test(arguments: [
        "AQgPFh0kKzI5QEdOVVxjanF4f4aNlJuiqbC3vsXM09o=", "AQgPFh0kKzI5QEdOVVxjanF4f4aNlJuiqbC3vsXM09o=\n",
        "  \tAQgPFh0kKzI5QEdOVVxjanF4f4aNlJuiqbC3vsXM09o=\r\n\n",
    ])
    func keyFileMayHoldBase64(_ text: String) throws {
        let key = try StoreKey(fileContents: Array(text.utf8))
        #expect(key.matches(try StoreKey(bytes: raw)))
    }

    @Test func keyFileMayHoldRawBytes() throws {
        // Raw bytes that happen to include whitespace and newlines are taken as they are.
        var bytes = raw
        bytes[0] = 0x0A
        bytes[31] = 0x20
        let key = try StoreKey(fileContents: bytes)
        #expect(key.matches(try StoreKey(bytes: bytes)))
    }

    @Test(arguments: [
        "", "\n", "AQgPFh0kKzI5QEdOVVxjanF4f4aNlJuiqbC3vsXM09o", "AQgPFh0kKzI5QEdOVVxjanF4f4aNlJuiqbC3vsXM09o=AA==",
        "AQgPFh0kKzI5QEdOVVxjanF4f4aNlJuiq bC3vsXM09o=", "AQgPFh0kKzI5QEdOVVxj", "not base64 at all, not 32 bytes!!",
    ])
    func otherKeyFilesAreRefused(_ text: String) {
        #expect(
            throws: StoreKeyError(reason: "a key file holds 32 raw bytes or their base64 text (44 characters)")
        ) { try StoreKey(fileContents: Array(text.utf8)) }
    }

    @Test func generatedKeysDifferAndRoundTripThroughBase64() throws {
        let first = StoreKey.generate()
        let second = StoreKey.generate()
        #expect(!first.matches(second))
        #expect(first.base64.utf8.count == 44)
        #expect(try StoreKey(fileContents: Array((first.base64 + "\n").utf8)).matches(first))
    }

    @Test func descriptionsNeverShowTheKey() throws {
        let key = try StoreKey(bytes: raw)
        for text in [key.description, key.debugDescription, "\(key)", String(reflecting: key)] {
            #expect(text == "StoreKey(32 bytes, hidden)")
            #expect(!text.contains(key.base64))
        }
    }
}
