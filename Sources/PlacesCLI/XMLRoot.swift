/// Finds the root element of an XML document without parsing it, to tell KML from GPX.
enum XMLRoot {
    /// How far into the document the root element is looked for.
    static let searchedBytes = 64 * 1024

    /// The local name (without a prefix) of the first element of `bytes`, after the XML declaration, processing
    /// instructions, comments and a document type declaration; nil when there is none in the first
    /// `searchedBytes`.
    static func localName(in bytes: ArraySlice<UInt8>) -> String? {
        var rest = bytes.prefix(searchedBytes)
        while let open = rest.firstIndex(of: UInt8(ascii: "<")) {
            rest = rest[(open + 1)...]
            guard let next = rest.first else { return nil }
            switch next {
            case UInt8(ascii: "?"):
                guard let end = rest.firstRange(of: "?>".utf8) else { return nil }
                rest = rest[end.upperBound...]
            case UInt8(ascii: "!"):
                let closing = rest.starts(with: "!--".utf8) ? "-->" : ">"
                guard let end = rest.firstRange(of: closing.utf8) else { return nil }
                rest = rest[end.upperBound...]
            default:
                let name = rest.prefix { byte in
                    !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
                        || byte == UInt8(ascii: "/"))
                }
                let local = name.split(separator: UInt8(ascii: ":")).last ?? name
                return String(decoding: local, as: UTF8.self)
            }
        }
        return nil
    }
}
