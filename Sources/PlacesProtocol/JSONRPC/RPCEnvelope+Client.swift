extension RPCEnvelope {
    /// Encodes a request line (ending in `\n`); a nil `id` makes it a notification, nil `params` leaves them out.
    public static func encodeRequest(id: RPCID?, method: String, params: JSONValue?) -> [UInt8] {
        var out = JSONWriter()
        out.writeRaw("{\"jsonrpc\":\"2.0\"")
        if let id {
            out.writeRaw(",\"id\":")
            out.writeID(id)
        }
        out.writeRaw(",\"method\":")
        out.writeString(method)
        if let params {
            out.writeRaw(",\"params\":")
            out.write(params)
        }
        out.writeRaw("}\n")
        return out.bytes
    }

    /// Encodes a request line for `params`' method; params with nothing but defaults are left out.
    public static func encodeRequest(id: RPCID?, params: some MethodParams) -> [UInt8] {
        let object = params.encoded
        return encodeRequest(
            id: id, method: type(of: params).method.rawValue, params: object.members.isEmpty ? nil : .object(object))
    }

    /// Parses a line from the daemon: a response, a notification, or a batch of responses.
    ///
    /// Throws when the line is not JSON, or not a JSON-RPC 2.0 response or notification (the reason says why).
    public static func parseResponse(_ line: [UInt8]) throws(JSONParseError) -> RPCIncoming {
        let result = line.withUnsafeBytes { bytes in
            Result { () throws(JSONParseError) in try parseResponse(bytes) }
        }
        return try result.get()
    }

    /// Parses one line the daemon sent, given as its bytes, as `parseResponse(_: [UInt8])` does.
    public static func parseResponse(_ line: UnsafeRawBufferPointer) throws(JSONParseError) -> RPCIncoming {
        let value = try JSONParser.parse(line)
        switch value {
        case .object(let object):
            return try incoming(from: object)
        case .array(let elements):
            guard !elements.isEmpty else { throw malformed("the batch is empty") }
            var responses: [RPCIncoming] = []
            responses.reserveCapacity(elements.count)
            for element in elements {
                guard case .object(let object) = element else { throw malformed("a batch element is not an object") }
                responses.append(try incoming(from: object))
            }
            return .batch(responses)
        default:
            throw malformed("the message is neither an object nor an array")
        }
    }

    private static func incoming(from object: JSONObject) throws(JSONParseError) -> RPCIncoming {
        guard case .string("2.0") = object["jsonrpc"] else { throw malformed("\"jsonrpc\" is not \"2.0\"") }
        if let method = object["method"] {
            guard case .string(let name) = method else { throw malformed("\"method\" is not a string") }
            guard object["id"] == nil else { throw malformed("the daemon sent a request, not a notification") }
            return .notification(method: name, params: object["params"])
        }
        guard let idValue = object["id"] else { throw malformed("the response has no \"id\"") }
        guard let id = RPCID(idValue) else { throw malformed("\"id\" is not a string, a number or null") }
        switch (object["result"], object["error"]) {
        case (let result?, nil):
            return .response(id: id, result: .success(result))
        case (nil, let error?):
            return .response(id: id, result: .failure(try rpcError(from: error)))
        default:
            throw malformed("a response must have exactly one of \"result\" and \"error\"")
        }
    }

    private static func rpcError(from value: JSONValue) throws(JSONParseError) -> RPCError {
        guard case .object(let object) = value else { throw malformed("\"error\" is not an object") }
        guard case .number(let number) = object["code"], let code = number.int64, let exact = Int(exactly: code) else {
            throw malformed("\"error.code\" is not an integer")
        }
        guard case .string(let message) = object["message"] else {
            throw malformed("\"error.message\" is not a string")
        }
        return RPCError(code: exact, message: message, data: object["data"])
    }

    private static func malformed(_ reason: String) -> JSONParseError {
        JSONParseError(offset: 0, reason: "not a JSON-RPC 2.0 response: \(reason)")
    }
}
