extension JSONWriter {
    /// Writes `"key":` for a member of a wire shape, after a comma unless it is the object's first.
    ///
    /// The keys of wire shapes (each result type's `Key`) are plain ASCII and are written as they are.
    @inlinable
    @inline(__always)
    public mutating func writeMember(_ key: StaticString, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes a member's fragment, `,"key":` (`PlaceField.Member`), in one copy, without its comma when `first`.
    @inline(__always)
    mutating func writeMember(fragment: StaticString, first: Bool = false) {
        if first {
            fragment.withUTF8Buffer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0.dropFirst())) }
        } else {
            writeRaw(fragment)
        }
    }

    /// Writes the member `key` with an integer value.
    @inlinable
    public mutating func writeMember(_ key: StaticString, first: Bool = false, integer: Int64) {
        writeMember(key, first: first)
        writeInt(integer)
    }

    /// Writes an object whose members `body` writes (each with `writeMember`).
    @inlinable
    public mutating func writeObject(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// Writes `elements` as an array, each written by `write`.
    @inlinable
    public mutating func writeArray<Elements: Sequence>(
        _ elements: Elements, _ write: (Elements.Element, inout JSONWriter) -> Void
    ) {
        beginArray()
        var isFirst = true
        for element in elements {
            if !isFirst { comma() }
            isFirst = false
            write(element, &self)
        }
        endArray()
    }
}
