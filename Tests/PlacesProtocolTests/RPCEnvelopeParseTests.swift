import PlacesProtocol
import Testing

/// Reading request lines: every JSON-RPC 2.0 rule of the contract.
@Suite struct RPCEnvelopeParseTests {
    static func single(_ text: String) -> Result<RPCRequest, RPCFailure>? {
        guard case .single(let result) = RPCEnvelope.parse(bytes(text)) else { return nil }
        return result
    }

    static func failure(_ text: String) -> RPCFailure? {
        switch RPCEnvelope.parse(bytes(text)) {
        case .single(.failure(let failure)): failure
        case .invalid(let failure): failure
        default: nil
        }
    }

    @Test func readsARequest() throws {
        let request = try #require(
            try Self.single(#"{"jsonrpc":"2.0","id":7,"method":"places.get","params":{"id":"x"}}"#)?.get()
        )
        #expect(request.id == .number(JSONNumber(validatedText: "7")))
        #expect(request.method == "places.get")
        #expect(request.params == ["id": "x"])
        #expect(!request.isNotification)
    }

    @Test func readsMembersInAnyOrderAndWithoutParams() throws {
        let request = try #require(try Self.single(#" {"method":"server.status","id":"a","jsonrpc":"2.0"} "#)?.get())
        #expect(request.id == .string("a"))
        #expect(request.params == nil)
    }

    static let ids: [(String, RPCID)] = [
        ("1", .number(JSONNumber(validatedText: "1"))),
        ("1.0", .number(JSONNumber(validatedText: "1.0"))),
        ("-5e2", .number(JSONNumber(validatedText: "-5e2"))),
        ("\"1\"", .string("1")),
        ("\"\"", .string("")),
        ("null", .null),
    ]

    @Test(arguments: ids)
    func keepsTheIDExactly(text: String, id: RPCID) throws {
        let request = try #require(try Self.single(#"{"jsonrpc":"2.0","method":"m","id":\#(text)}"#)?.get())
        #expect(request.id == id)
        var out = JSONWriter()
        RPCEnvelope.writeResult(id: id, result: true, to: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == #"{"jsonrpc":"2.0","id":\#(text),"result":true}"# + "\n")
    }

    @Test func readsANotification() throws {
        let request = try #require(try Self.single(#"{"jsonrpc":"2.0","method":"places.add","params":{}}"#)?.get())
        #expect(request.id == nil)
        #expect(request.isNotification)
        #expect(request.params == JSONObject())
    }

    @Test func answersInvalidJSONWithParseError() {
        for text in ["{", "{\"jsonrpc\":\"2.0\",}", "nope", "", "[1,]"] {
            guard case .invalid(let failure) = RPCEnvelope.parse(bytes(text)) else {
                Issue.record("\(text) was not refused as a whole")
                continue
            }
            #expect(failure.id == .null)
            #expect(failure.error.code == -32700)
            #expect(failure.error.message.hasPrefix("Parse error: invalid JSON at byte"))
        }
        guard case .invalid(let failure) = RPCEnvelope.parse([0x7B, 0x22, 0xC0, 0x80, 0x22, 0x3A, 0x31, 0x7D]) else {
            Issue.record("invalid UTF-8 was not refused")
            return
        }
        #expect(failure.error.code == -32700)
    }

    static let invalidRequests: [(String, RPCID)] = [
        (#"1"#, .null),
        (#""text""#, .null),
        (#"null"#, .null),
        (#"{}"#, .null),
        (#"{"jsonrpc":"2.0","id":1}"#, .number(JSONNumber(validatedText: "1"))),
        (#"{"jsonrpc":"1.0","id":1,"method":"m"}"#, .number(JSONNumber(validatedText: "1"))),
        (#"{"jsonrpc":2.0,"id":"a","method":"m"}"#, .string("a")),
        (#"{"id":"a","method":"m"}"#, .string("a")),
        (#"{"jsonrpc":"2.0","id":"a","method":1}"#, .string("a")),
        (#"{"jsonrpc":"2.0","id":"a","method":null}"#, .string("a")),
        (#"{"jsonrpc":"2.0","id":"a","method":"m","extra":1}"#, .string("a")),
        (#"{"jsonrpc":"2.0","id":"a","method":"m","params":"x"}"#, .string("a")),
        (#"{"jsonrpc":"2.0","id":"a","method":"m","params":null}"#, .string("a")),
        (#"{"jsonrpc":"2.0","id":"a","method":"m","params":3}"#, .string("a")),
        (#"{"jsonrpc":"2.0","id":"a","method":"m","method":"n"}"#, .string("a")),
        (#"{"jsonrpc":"2.0","id":true,"method":"m"}"#, .null),
        (#"{"jsonrpc":"2.0","id":{},"method":"m"}"#, .null),
        (#"{"jsonrpc":"2.0","id":[1],"method":"m"}"#, .null),
        (#"{"jsonrpc":"2.0","id":1,"id":2,"method":"m"}"#, .null),
        (#"{"jsonrpc":"2.0","method":1}"#, .null),
        (#"{"jsonrpc":"2.0","method":"m","extra":1}"#, .null),
        (#"[]"#, .null),
    ]

    @Test(arguments: invalidRequests)
    func answersInvalidRequests(text: String, id: RPCID) throws {
        let failure = try #require(Self.failure(text))
        #expect(failure.error.code == -32600, "\(text): \(failure.error)")
        #expect(failure.id == id)
        #expect(failure.error.message.hasPrefix("Invalid request: "))
        #expect(failure.error.message.hasSuffix("."))
    }

    /// Params by position make a request, so that an unknown method can be -32601 whatever its params; the
    /// method refuses them with `RPCError.positionalParams`.
    @Test func marksPositionalParamsForTheMethodToRefuse() throws {
        let request = try #require(
            try Self.single(#"{"jsonrpc":"2.0","id":3,"method":"subtract","params":[42,23]}"#)?.get())
        #expect(request.id == .number(JSONNumber(validatedText: "3")))
        #expect(request.method == "subtract")
        #expect(request.params == nil)
        #expect(request.hasPositionalParams)

        let notification = try #require(try Self.single(#"{"jsonrpc":"2.0","method":"places.get","params":[]}"#)?.get())
        #expect(notification.isNotification && notification.hasPositionalParams)
        let named = try #require(try Self.single(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{}}"#)?.get())
        #expect(!named.hasPositionalParams)
        #expect(RPCError.positionalParams.code == -32602)
        #expect(RPCError.positionalParams.data?["field"] == "params")
    }

    @Test func refusesAnEmptyBatchAsAWhole() {
        guard case .invalid(let failure) = RPCEnvelope.parse(bytes(" [ ] ")) else {
            Issue.record("an empty batch was not refused as a whole")
            return
        }
        #expect(failure.error.code == -32600)
        #expect(failure.id == .null)
    }

    @Test func readsBatchElementsIndependently() throws {
        let text = #"""
            [{"jsonrpc":"2.0","id":1,"method":"a"},1,{"jsonrpc":"2.0","method":"b"},{"jsonrpc":"2.0","id":"x"},[],
            {"jsonrpc":"2.0","id":2,"method":"c","params":[1]}]
            """#
        guard case .batch(let elements) = RPCEnvelope.parse(bytes(text)) else {
            Issue.record("not a batch")
            return
        }
        #expect(elements.count == 6)
        #expect(try elements[0].get().method == "a")
        #expect(try elements[2].get().isNotification)
        let codes = elements.compactMap { element -> Int? in
            guard case .failure(let failure) = element else { return nil }
            return failure.error.code
        }
        #expect(codes == [-32600, -32600, -32600])
        #expect(try elements[5].get().hasPositionalParams)
        guard case .failure(let missingMethod) = elements[3], case .failure(let nested) = elements[4] else {
            Issue.record("expected failures")
            return
        }
        #expect(missingMethod.id == .string("x"))
        #expect(nested.id == .null)
    }

    @Test func parsesFromARawBuffer() throws {
        let line = bytes(#"{"jsonrpc":"2.0","id":1,"method":"m"}"#)
        let message = line.withUnsafeBytes { RPCEnvelope.parse($0) }
        guard case .single(.success(let request)) = message else {
            Issue.record("not a request")
            return
        }
        #expect(request.method == "m")
    }
}
