/// Builds the JSON Schema fragments the result types describe themselves with, for the OpenRPC document.
public enum WireSchema {
    /// A member of an object schema: its key and its schema.
    public typealias Property = (key: StaticString, schema: JSONValue)

    /// JSON Schema's annotation keyword.
    private static let descriptionKey = "description"

    /// `{"$ref": "#/components/schemas/<name>"}`.
    public static func ref(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    /// `{"type": <type>}`.
    public static func type(_ type: String) -> JSONValue {
        ["type": .string(type)]
    }

    /// `{"type": <type>, "description": <text>}`.
    public static func type(_ type: String, _ text: String) -> JSONValue {
        ["type": .string(type), descriptionKey: .string(text)]
    }

    /// `{"description": <text>}`: a value whose schema is only described.
    public static func described(_ text: String) -> JSONValue {
        [descriptionKey: .string(text)]
    }

    /// `{"type": "array", "items": <items>}`.
    public static func array(of items: JSONValue) -> JSONValue {
        ["type": "array", "items": items]
    }

    /// `{"const": <value>}`.
    public static func constant(_ value: JSONValue) -> JSONValue {
        ["const": value]
    }

    /// `{"type": "object", "properties": {…}}`, the properties in the order given.
    public static func object(_ properties: [Property]) -> JSONValue {
        [
            "type": "object",
            "properties": .object(JSONObject(properties.map { (key: $0.key.description, value: $0.schema) })),
        ]
    }
}
