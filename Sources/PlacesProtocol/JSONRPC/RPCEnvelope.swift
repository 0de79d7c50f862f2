import PlacesModel

/// Reads and writes JSON-RPC 2.0 messages, one per line.
///
/// Server side: `parse(_:)` turns a line into requests; `writeResult`, `writeError` and `writeNotification`
/// append response lines. Client side: `encodeRequest` and `parseResponse`.
public enum RPCEnvelope {
    /// Parses one line from a client.
    ///
    /// Invalid JSON or UTF-8 gives `.invalid` with -32700; anything but an object or a non-empty array gives
    /// `.invalid` with -32600. Each request object must have `"jsonrpc": "2.0"`, a string `method`, an `id` that
    /// is a string, number or null if present, `params` an object or an array if present (an array is a request
    /// with `hasPositionalParams`, which the method refuses once it is known to exist), and no other members
    /// (-32600). A failure keeps the request's id when it can be read.
    public static func parse(_ line: UnsafeRawBufferPointer) -> RPCMessage {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONParser.parse(line)
        } catch {
            return .invalid(RPCFailure(id: .null, error: .parseError(error.description)))
        }
        switch value {
        case .object(let object):
            return .single(request(from: object))
        case .array(let elements):
            guard !elements.isEmpty else {
                return .invalid(RPCFailure(id: .null, error: .invalidRequest("a batch must not be empty")))
            }
            return .batch(
                elements.map { element in
                    guard case .object(let object) = element else {
                        return .failure(RPCFailure(id: .null, error: .invalidRequest(notAnObject)))
                    }
                    return request(from: object)
                }
            )
        default:
            return .invalid(
                RPCFailure(id: .null, error: .invalidRequest("a message must be an object or an array of objects"))
            )
        }
    }

    /// Parses one line from a client held in an array.
    public static func parse(_ line: [UInt8]) -> RPCMessage {
        line.withUnsafeBytes { parse($0) }
    }

    private static let notAnObject = "a request must be an object"

    /// Checks one request object's members.
    static func request(from object: JSONObject) -> Result<RPCRequest, RPCFailure> {
        var version: JSONValue?
        var method: JSONValue?
        var idValue: JSONValue?
        var params: JSONValue?
        var repeated: String?
        var isIDRepeated = false
        var unknown: String?
        for member in object.members {
            switch member.key {
            case "jsonrpc":
                if version != nil { repeated = repeated ?? member.key }
                version = member.value
            case "method":
                if method != nil { repeated = repeated ?? member.key }
                method = member.value
            case "id":
                if idValue != nil {
                    repeated = repeated ?? member.key
                    isIDRepeated = true
                }
                idValue = member.value
            case "params":
                if params != nil { repeated = repeated ?? member.key }
                params = member.value
            default:
                unknown = unknown ?? member.key
            }
        }

        let id: RPCID
        if let idValue {
            // A repeated id is not answered with either value, whichever member was repeated first.
            guard let readable = RPCID(idValue), !isIDRepeated else {
                let detail =
                    isIDRepeated
                    ? "member 'id' is given more than once" : "\"id\" must be a string, a number or null"
                return .failure(RPCFailure(id: .null, error: .invalidRequest(detail)))
            }
            id = readable
        } else {
            id = .null
        }
        func invalid(_ detail: String) -> Result<RPCRequest, RPCFailure> {
            .failure(RPCFailure(id: id, error: .invalidRequest(detail)))
        }

        if let repeated { return invalid("member '\(repeated)' is given more than once") }
        guard case .string("2.0") = version else { return invalid("\"jsonrpc\" must be \"2.0\"") }
        guard case .string(let methodName) = method else { return invalid("\"method\" must be a string") }
        if let unknown { return invalid("unknown member '\(unknown)'") }

        var paramsObject: JSONObject?
        switch params {
        case nil, .array?:
            paramsObject = nil
        case .object(let object)?:
            paramsObject = object
        default:
            return invalid("\"params\" must be an object")
        }
        return .success(
            RPCRequest(
                id: idValue == nil ? nil : id, method: methodName, params: paramsObject,
                hasPositionalParams: params?.arrayValue != nil))
    }
}
