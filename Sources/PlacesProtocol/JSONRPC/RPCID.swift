/// A JSON-RPC request id, echoed back in the response exactly as it was sent.
public enum RPCID: Sendable, Hashable, CustomStringConvertible {
    /// A string id.
    case string(String)
    /// A number id, kept as written (`1.0` stays `1.0`).
    case number(JSONNumber)
    /// A `null` id, also used when a request's id cannot be read.
    case null

    /// Reads an id from its JSON value; `nil` for values an id cannot be (Booleans, arrays, objects).
    public init?(_ value: JSONValue) {
        switch value {
        case .string(let string): self = .string(string)
        case .number(let number): self = .number(number)
        case .null: self = .null
        default: return nil
        }
    }

    /// The id as a JSON value.
    public var jsonValue: JSONValue {
        switch self {
        case .string(let string): .string(string)
        case .number(let number): .number(number)
        case .null: .null
        }
    }

    /// The id as JSON text, e.g. `"abc"`, `1.0` or `null`.
    public var description: String { jsonValue.jsonText }
}

extension JSONWriter {
    /// Writes a request id as JSON.
    public mutating func writeID(_ id: RPCID) {
        switch id {
        case .string(let string): writeString(string)
        case .number(let number): writeNumber(number)
        case .null: writeNull()
        }
    }
}
