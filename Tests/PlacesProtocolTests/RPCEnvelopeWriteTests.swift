import PlacesModel
import PlacesProtocol
import Testing

/// Writing response, error and notification lines.
@Suite struct RPCEnvelopeWriteTests {
    static func text(_ writer: JSONWriter) -> String {
        String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func writesResults() {
        var out = JSONWriter()
        RPCEnvelope.writeResult(id: .string("a"), to: &out) { writer in
            writer.beginObject()
            writer.writeKey("ok")
            writer.writeBool(true)
            writer.endObject()
        }
        RPCEnvelope.writeResult(id: .null, result: ["n": 1], to: &out)
        #expect(
            Self.text(out)
                == #"{"jsonrpc":"2.0","id":"a","result":{"ok":true}}"# + "\n"
                + #"{"jsonrpc":"2.0","id":null,"result":{"n":1}}"#
                + "\n"
        )
    }

    @Test func undoesAResultThatThrows() {
        struct Refused: Error {}
        var out = JSONWriter()
        out.writeRaw("kept")
        #expect(throws: Refused.self) {
            try RPCEnvelope.writeResult(id: .null, to: &out) { (writer: inout JSONWriter) throws(Refused) in
                writer.writeRaw("partial")
                throw Refused()
            }
        }
        #expect(Self.text(out) == "kept")
    }

    @Test func writesErrors() {
        var out = JSONWriter()
        RPCEnvelope.writeError(id: .number(JSONNumber(validatedText: "1.0")), error: .methodNotFound("x.y"), to: &out)
        let invalid = RPCError.invalidParams(ValidationError(field: "latitude", reason: "must be between -90 and 90"))
        RPCEnvelope.writeError(RPCFailure(id: .string("q"), error: invalid), to: &out)
        #expect(
            Self.text(out) == #"{"jsonrpc":"2.0","id":1.0,"error":{"code":-32601,"message":"Method 'x.y' not found."}}"#
                + "\n"
                + #"{"jsonrpc":"2.0","id":"q","error":{"code":-32602,"message":"Invalid params: latitude must be between -90 and 90.","data":{"field":"latitude","reason":"must be between -90 and 90"}}}"#
                + "\n"
        )
    }

    @Test func writesBatchElementsWithoutNewlines() {
        var out = JSONWriter()
        out.beginArray()
        RPCEnvelope.writeResultElement(id: .number(JSONNumber(1)), result: 1, to: &out)
        out.comma()
        RPCEnvelope.writeErrorElement(id: .null, error: .invalidRequest("no"), to: &out)
        out.comma()
        RPCEnvelope.writeResultElement(id: .string("s"), to: &out) { $0.writeNull() }
        out.endArray()
        #expect(
            Self.text(out)
                == #"[{"jsonrpc":"2.0","id":1,"result":1},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: no."}},{"jsonrpc":"2.0","id":"s","result":null}]"#
        )
    }

    @Test func writesNotifications() {
        var out = JSONWriter()
        RPCEnvelope.writeNotification(.changed, to: &out) { writer in
            writer.writeRaw("{\"change\":\"added\",\"revision\":")
            writer.writeInt(42)
            writer.endObject()
        }
        RPCEnvelope.writeNotification(method: "places.overflow", params: nil, to: &out)
        #expect(
            Self.text(out)
                == #"{"jsonrpc":"2.0","method":"places.changed","params":{"change":"added","revision":42}}"# + "\n"
                + #"{"jsonrpc":"2.0","method":"places.overflow"}"# + "\n"
        )
    }

    static let errors: [(RPCError, Int, String, JSONValue?)] = [
        (.parseError("invalid JSON at byte 3: x"), -32700, "Parse error: invalid JSON at byte 3: x.", nil),
        (.invalidRequest("line too long."), -32600, "Invalid request: line too long.", nil),
        (.methodNotFound("nope"), -32601, "Method 'nope' not found.", nil),
        (
            .invalidParams(ValidationError(field: "lat", reason: "is not a known parameter")), -32602,
            "Invalid params: lat is not a known parameter.", ["field": "lat", "reason": "is not a known parameter"]
        ),
        (.internalError("boom"), -32603, "Internal error: boom.", nil),
        (.notFound(id: "0f8f"), -32001, "No place with id '0f8f'.", nil),
        (.conflict(currentVersion: 3), -32002, "Version conflict: the place is at version 3.", ["currentVersion": 3]),
        (
            .permissionDenied("only admins may pass allUsers"), -32003,
            "Permission denied: only admins may pass allUsers.", nil
        ),
        (.locked(), -32004, "The store is locked until it is unlocked with server.unlock.", nil),
        (.storageFailure("disk full"), -32005, "Storage failure: disk full; nothing was changed.", nil),
        (.limitReached("too many connections"), -32006, "Limit reached: too many connections.", nil),
    ]

    @Test(arguments: errors)
    func buildsErrors(error: RPCError, code: Int, message: String, data: JSONValue?) {
        #expect(error.code == code)
        #expect(error.message == message)
        #expect(error.data == data)
    }
}
