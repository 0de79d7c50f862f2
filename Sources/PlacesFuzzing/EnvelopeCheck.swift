import PlacesProtocol

/// Checks `RPCEnvelope.parse` against `RequestShape`, and that every answer it leads to is one line a client
/// reads back with the same id and error.
enum EnvelopeCheck {
    /// Checks the envelope of `line` (whose parsed value is `value`, nil when it is not JSON) and returns the
    /// well-formed requests it holds.
    static func run(_ line: [UInt8], value: JSONValue?) throws(FuzzViolation) -> [RPCRequest] {
        let message = RPCEnvelope.parse(line)
        switch (value, message) {
        case (nil, .invalid(let failure)):
            try checkFailure(failure, code: RPCErrorCode.parseError, id: .null)
            return []
        case (.object(let object)?, .single(let result)):
            let request = try checkRequest(object, result)
            try checkReply(to: [result])
            return request.map { [$0] } ?? []
        case (.array(let elements)?, .batch(let results)) where !elements.isEmpty:
            try require(
                elements.count == results.count, "envelope.batchCount",
                "\(elements.count) elements became \(results.count) results")
            var requests: [RPCRequest] = []
            for (element, result) in zip(elements, results) {
                if case .object(let object) = element {
                    if let request = try checkRequest(object, result) { requests.append(request) }
                } else {
                    guard case .failure(let failure) = result else {
                        throw FuzzViolation(check: "envelope.batchElement", detail: "a non-object became a request")
                    }
                    try checkFailure(failure, code: RPCErrorCode.invalidRequest, id: .null)
                }
            }
            try checkReply(to: results)
            return requests
        case (_?, .invalid(let failure)):
            try require(value?.objectValue == nil, "envelope.kind", "an object was refused as a whole")
            try require(value?.arrayValue?.isEmpty ?? true, "envelope.kind", "a non-empty batch was refused")
            try checkFailure(failure, code: RPCErrorCode.invalidRequest, id: .null)
            return []
        default:
            throw FuzzViolation(check: "envelope.kind", detail: "the message kind does not fit the JSON value")
        }
    }

    /// Compares one request's result with the model's verdict; returns the request when it is well formed.
    private static func checkRequest(
        _ object: JSONObject,
        _ result: Result<RPCRequest, RPCFailure>
    ) throws(FuzzViolation) -> RPCRequest? {
        switch (RequestShape(object), result) {
        case (.request(let id, let method, let params, let isPositional), .success(let request)):
            try require(request.id == id, "envelope.id", "the request id is not the one sent")
            try require(request.method == method, "envelope.method", "the method is not the one sent")
            try require(request.params == params, "envelope.params", "the params are not the ones sent")
            try require(
                request.hasPositionalParams == isPositional, "envelope.positional", "wrong positional params flag")
            try require(request.isNotification == (id == nil), "envelope.notification", "wrong notification flag")
            try checkClientEncoding(request)
            return request
        case (.invalidRequest(let id), .failure(let failure)):
            try checkFailure(failure, code: RPCErrorCode.invalidRequest, id: id)
            return nil
        case (let expected, .success):
            throw FuzzViolation(check: "envelope.accepted", detail: "accepted a request the rules refuse: \(expected)")
        case (_, .failure(let failure)):
            throw FuzzViolation(check: "envelope.refused", detail: "refused a valid request: \(failure.error)")
        }
    }

    /// The failure has the expected code and id, and a message that is a sentence.
    private static func checkFailure(_ failure: RPCFailure, code: Int, id: RPCID) throws(FuzzViolation) {
        try require(failure.error.code == code, "envelope.code", "code \(failure.error.code), expected \(code)")
        try require(
            failure.id == id && idBytes(failure.id) == idBytes(id), "envelope.failureID",
            "answered with id \(failure.id), expected \(id)")
        try require(failure.error.message.hasSuffix("."), "envelope.message", "\(failure.error.message) is no sentence")
    }

    /// A request the client encodes reads back as the same request.
    private static func checkClientEncoding(_ request: RPCRequest) throws(FuzzViolation) {
        let params = request.hasPositionalParams ? .array([]) : request.params.map(JSONValue.object)
        let line = RPCEnvelope.encodeRequest(id: request.id, method: request.method, params: params)
        try require(
            line.last == 0x0A && line.firstIndex(of: 0x0A) == line.count - 1, "client.requestLine",
            "an encoded request is not exactly one line")
        guard case .single(.success(let again)) = RPCEnvelope.parse(Array(line.dropLast())) else {
            throw FuzzViolation(check: "client.requestRoundTrip", detail: "an encoded request is refused")
        }
        try require(again == request, "client.requestRoundTrip", "an encoded request reads back differently")
    }

    /// Writes the answers the daemon would send (a result echoing the id, or the error) and reads them back
    /// as a client does.
    private static func checkReply(to results: [Result<RPCRequest, RPCFailure>]) throws(FuzzViolation) {
        var parts: [[UInt8]] = []
        var expected: [RPCIncoming] = []
        for result in results {
            var out = JSONWriter()
            switch result {
            case .success(let request):
                guard let id = request.id else { continue }
                let reply: JSONValue = request.params.map(JSONValue.object) ?? .string(request.method)
                RPCEnvelope.writeResult(id: id, result: reply, to: &out)
                expected.append(.response(id: id, result: .success(reply)))
                try checkErrorReply(id: id, error: .methodNotFound(request.method))
                if request.hasPositionalParams { try checkErrorReply(id: id, error: .positionalParams) }
            case .failure(let failure):
                RPCEnvelope.writeError(failure, to: &out)
                expected.append(.response(id: failure.id, result: .failure(failure.error)))
            }
            try require(
                out.bytes.last == 0x0A && out.bytes.firstIndex(of: 0x0A) == out.bytes.count - 1, "reply.oneLine",
                "a response is not exactly one line")
            parts.append(Array(out.bytes.dropLast()))
        }
        guard !parts.isEmpty else { return }
        let line = parts.count == 1 ? parts[0] : [0x5B] + Array(parts.joined(separator: [0x2C])) + [0x5D]
        let incoming: RPCIncoming
        do throws(JSONParseError) {
            incoming = try RPCEnvelope.parseResponse(line)
        } catch {
            throw FuzzViolation(check: "reply.parses", detail: "the client cannot read the answer: \(error)")
        }
        let wanted = parts.count == 1 ? expected[0] : .batch(expected)
        try require(incoming == wanted, "reply.roundTrip", "the client reads another answer than was written")
    }

    /// An error answer for `id` reads back with the same id and error.
    static func checkErrorReply(id: RPCID, error: RPCError) throws(FuzzViolation) {
        var out = JSONWriter()
        RPCEnvelope.writeError(id: id, error: error, to: &out)
        let incoming = try? RPCEnvelope.parseResponse(Array(out.bytes.dropLast()))
        try require(
            incoming == .response(id: id, result: .failure(error)), "reply.errorRoundTrip",
            "the client reads another error than was written")
    }

    /// The id as the daemon writes it.
    private static func idBytes(_ id: RPCID) -> [UInt8] {
        var out = JSONWriter()
        out.writeID(id)
        return out.bytes
    }
}
