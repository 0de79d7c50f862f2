import PlacesProtocol

/// The store key as files and the wire hold it: 32 raw bytes, or their base64 text.
enum StoreKeyText {
    /// The length of a key in bytes.
    static let byteCount = UnlockParams.keyLength

    /// The most bytes of a key file worth reading: a key's base64 text with generous white space around it.
    static let maximumInputLength = 1024

    /// What a key file must hold, for messages.
    static let expectation = "expected \(byteCount) raw bytes or their base64 text (44 characters)"

    /// The key in `contents`: exactly 32 bytes are the key itself; anything else must be base64 text of 32
    /// bytes, surrounding white space and newlines ignored. Nil when it is neither.
    static func key(in contents: [UInt8]) -> [UInt8]? {
        if contents.count == byteCount {
            return contents
        }
        guard contents.count <= maximumInputLength, let text = String(validating: trimmed(contents), as: UTF8.self)
        else { return nil }
        // The daemon's own reading of server.unlock's params decides what base64 it takes.
        return try? UnlockParams.decode(JSONObject([(key: "key", value: .string(text))])).key
    }

    /// Whether `contents` holds nothing but white space.
    static func isBlank(_ contents: [UInt8]) -> Bool {
        contents.allSatisfy(isWhiteSpace)
    }

    private static func trimmed(_ contents: [UInt8]) -> ArraySlice<UInt8> {
        let start = contents.firstIndex { !isWhiteSpace($0) } ?? contents.endIndex
        let end = contents.lastIndex { !isWhiteSpace($0) }.map { $0 + 1 } ?? start
        return contents[start..<end]
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
