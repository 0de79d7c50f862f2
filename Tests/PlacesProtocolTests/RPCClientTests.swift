import PlacesProtocol
import Testing

/// The client side of the envelope: encoding requests, reading responses.
@Suite struct RPCClientTests {
    @Test func encodesRequests() {
        let request = RPCEnvelope.encodeRequest(id: .number(JSONNumber(1)), method: "places.get", params: ["id": "x"])
        #expect(
            String(decoding: request, as: UTF8.self)
                == #"{"jsonrpc":"2.0","id":1,"method":"places.get","params":{"id":"x"}}"# + "\n")
        let notification = RPCEnvelope.encodeRequest(id: nil, method: "server.status", params: nil)
        #expect(String(decoding: notification, as: UTF8.self) == #"{"jsonrpc":"2.0","method":"server.status"}"# + "\n")
    }

    @Test func encodedRequestsParseBack() throws {
        let line = RPCEnvelope.encodeRequest(id: .string("z"), method: "places.list", params: ["limit": 2])
        guard case .single(.success(let request)) = RPCEnvelope.parse(Array(line.dropLast())) else {
            Issue.record("not a request")
            return
        }
        #expect(request == RPCRequest(id: .string("z"), method: "places.list", params: ["limit": 2]))
    }

    @Test func readsResponses() throws {
        let success = try RPCEnvelope.parseResponse(bytes(#"{"jsonrpc":"2.0","id":1,"result":{"a":[]}}"#))
        #expect(success == .response(id: .number(JSONNumber(1)), result: .success(["a": []])))
        let failure = try RPCEnvelope.parseResponse(
            bytes(
                #"{"jsonrpc":"2.0","id":"k","error":{"code":-32002,"message":"Conflict.","data":{"currentVersion":2}}}"#
            )
        )
        let error = RPCError(code: -32002, message: "Conflict.", data: ["currentVersion": 2])
        #expect(failure == .response(id: .string("k"), result: .failure(error)))
        let nullID = try RPCEnvelope.parseResponse(
            bytes(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}"#))
        #expect(nullID == .response(id: .null, result: .failure(RPCError(code: -32700, message: "x"))))
    }

    @Test func readsNotificationsAndBatches() throws {
        let notification = try RPCEnvelope.parseResponse(
            bytes(#"{"jsonrpc":"2.0","method":"places.changed","params":{"revision":1}}"#)
        )
        #expect(notification == .notification(method: "places.changed", params: ["revision": 1]))
        let batch = try RPCEnvelope.parseResponse(
            bytes(
                #"[{"jsonrpc":"2.0","id":1,"result":true},{"jsonrpc":"2.0","id":2,"error":{"code":1,"message":"m"}}]"#)
        )
        #expect(
            batch
                == .batch([
                    .response(id: .number(JSONNumber(1)), result: .success(true)),
                    .response(id: .number(JSONNumber(2)), result: .failure(RPCError(code: 1, message: "m"))),
                ])
        )
    }

    static let malformed: [String] = [
        "not json", "1", "[]", "[1]", #"{"id":1,"result":1}"#, #"{"jsonrpc":"1.0","id":1,"result":1}"#,
        #"{"jsonrpc":"2.0","result":1}"#, #"{"jsonrpc":"2.0","id":true,"result":1}"#,
        #"{"jsonrpc":"2.0","id":1}"#, #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"m"}}"#,
        #"{"jsonrpc":"2.0","id":1,"error":"bad"}"#, #"{"jsonrpc":"2.0","id":1,"error":{"code":"1","message":"m"}}"#,
        #"{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"m"}}"#,
        #"{"jsonrpc":"2.0","id":1,"error":{"code":1}}"#,
        #"{"jsonrpc":"2.0","method":5}"#, #"{"jsonrpc":"2.0","id":1,"method":"server.ask"}"#,
    ]

    @Test(arguments: malformed)
    func refusesMalformedResponses(text: String) {
        #expect(throws: JSONParseError.self) { try RPCEnvelope.parseResponse(bytes(text)) }
    }

    @Test func describesIDs() {
        #expect(RPCID.string("a\"b").description == #""a\"b""#)
        #expect(RPCID.number(JSONNumber(validatedText: "1.0")).description == "1.0")
        #expect(RPCID.null.description == "null")
        #expect(RPCID(.bool(true)) == nil)
        #expect(RPCID("x") == .string("x"))
    }
}
