extension JSONValue {
    /// The string, when the value is one.
    public var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The object, when the value is one.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { object } else { nil }
    }

    /// The elements, when the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The Boolean, when the value is one.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { bool } else { nil }
    }

    /// The number, when the value is one.
    public var numberValue: JSONNumber? {
        if case .number(let number) = self { number } else { nil }
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The value of the last member named `key`, when the value is an object that has one.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The compact JSON text of the value, as UTF-8 bytes.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }

    /// The compact JSON text of the value.
    public var jsonText: String {
        String(decoding: jsonBytes, as: UTF8.self)
    }
}
