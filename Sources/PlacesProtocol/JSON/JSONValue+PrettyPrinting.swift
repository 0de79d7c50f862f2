extension JSONValue {
    /// The JSON text laid out on several lines for people to read: members and elements one per line,
    /// indented by `indent` spaces per level, object keys in the order written.
    public func prettyPrinted(indent: Int = 2) -> String {
        var writer = JSONWriter()
        Self.writePretty(self, indent: indent, level: 0, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func writePretty(_ value: JSONValue, indent: Int, level: Int, to writer: inout JSONWriter) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            writer.beginArray()
            for (offset, element) in elements.enumerated() {
                if offset > 0 { writer.comma() }
                writeNewline(indent: indent, level: level + 1, to: &writer)
                writePretty(element, indent: indent, level: level + 1, to: &writer)
            }
            writeNewline(indent: indent, level: level, to: &writer)
            writer.endArray()
        case .object(let object) where !object.members.isEmpty:
            writer.beginObject()
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { writer.comma() }
                writeNewline(indent: indent, level: level + 1, to: &writer)
                writer.writeString(member.key)
                writer.writeRaw(": ")
                writePretty(member.value, indent: indent, level: level + 1, to: &writer)
            }
            writeNewline(indent: indent, level: level, to: &writer)
            writer.endObject()
        default:
            writer.write(value)
        }
    }

    private static func writeNewline(indent: Int, level: Int, to writer: inout JSONWriter) {
        writer.bytes.append(UInt8(ascii: "\n"))
        writer.bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(indent, 0) * level))
    }
}
