import CExpat

#if canImport(Glibc)
    import Glibc
#endif

/// An element's start tag as expat hands it over: its name and attributes, read on demand and valid only during
/// `XMLStreamHandler.start(_:)`.
public struct XMLStartTag {
    /// The stream reading the document (which keeps the namespaces' names).
    let stream: XMLStream
    /// expat's `namespace local` name (`local` alone in no namespace).
    let name: UnsafePointer<XML_Char>?
    /// expat's name, value pairs, ending with nil.
    let attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?

    /// The element's namespace ("" for none) and local name.
    public var qualifiedName: (uri: String, local: String) {
        guard let name else { return ("", "") }
        let count = strlen(name)
        return name.withMemoryRebound(to: UInt8.self, capacity: count) { start in
            let bytes = UnsafeBufferPointer(start: start, count: count)
            guard let space = bytes.lastIndex(of: XMLStream.separator) else {
                return ("", String(decoding: bytes, as: UTF8.self))
            }
            return (
                stream.namespace(UnsafeBufferPointer(rebasing: bytes[..<space])),
                String(decoding: UnsafeBufferPointer(rebasing: bytes[(space + 1)...]), as: UTF8.self)
            )
        }
    }

    /// The value of the attribute `wanted` (in no namespace), nil when the element has none.
    public func attribute(_ wanted: String) -> String? {
        wanted.withCString { wanted in
            var index = 0
            while let name = attributes?[index], let value = attributes?[index + 1] {
                if strcmp(name, wanted) == 0 { return String(cString: value) }
                index += 2
            }
            return nil
        }
    }
}
