/// Checks on the shape of JSON-RPC responses.
enum Reply {
    /// Throws unless `response` is a JSON-RPC 2.0 response object: `jsonrpc` "2.0", an `id`, and exactly one of
    /// `result` and `error` (an error having an integer code, a non-empty message and, optionally, data).
    static func checkEnvelope(_ response: JSON, line: [UInt8]) throws {
        let shown = RawConnection.show(line)
        guard let members = response.object else { throw TestFailure("Response is not an object: \(shown)") }
        guard members["jsonrpc"] == "2.0" else { throw TestFailure("Response lacks \"jsonrpc\":\"2.0\": \(shown)") }
        guard let id = members["id"] else { throw TestFailure("Response lacks an id: \(shown)") }
        switch id {
        case .null, .number, .string: break
        default: throw TestFailure("Response id is neither null, a number nor a string: \(shown)")
        }
        switch (members["result"], members["error"]) {
        case (.some, nil):
            break
        case (nil, .some(let error)):
            guard error["code"]?.int != nil, let message = error["message"]?.string, !message.isEmpty else {
                throw TestFailure("Malformed error object: \(shown)")
            }
            let allowed: Set<String> = ["code", "message", "data"]
            guard Set(error.object.map { Array($0.keys) } ?? []).isSubset(of: allowed) else {
                throw TestFailure("Error object has unexpected members: \(shown)")
            }
        default:
            throw TestFailure("Response must have exactly one of result and error: \(shown)")
        }
        let allowed: Set<String> = ["jsonrpc", "id", "result", "error"]
        guard Set(members.keys).isSubset(of: allowed) else {
            throw TestFailure("Response has unexpected members: \(shown)")
        }
    }

    /// The error code of a response, nil for a success.
    static func code(_ response: JSON) -> Int? {
        response["error"]?["code"]?.int
    }

    /// The raw JSON text of the top-level `id` member of a response line whose result and error contain no `"id"`.
    static func rawID(in line: [UInt8]) -> String? {
        let text = String(decoding: line, as: UTF8.self)
        guard let key = text.range(of: "\"id\"") else { return nil }
        var rest = text[key.upperBound...].drop(while: { $0 == " " })
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop(while: { $0 == " " })
        if rest.first == "\"" {
            guard let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
            return String(rest[...close])
        }
        return String(rest.prefix(while: { $0 != "," && $0 != "}" && $0 != " " }))
    }
}
