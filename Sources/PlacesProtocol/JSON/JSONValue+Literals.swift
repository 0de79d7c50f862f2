extension JSONValue: ExpressibleByStringLiteral {
    /// Creates a string value.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates a number value for an integer.
    public init(integerLiteral value: Int64) {
        self = .number(JSONNumber(value))
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates a number value for a finite double (`null` for a non-finite one).
    public init(floatLiteral value: Double) {
        self = JSONNumber(value).map(JSONValue.number) ?? .null
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates a Boolean value.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates an array value.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates an object value whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}
