import PlacesProtocol

/// Reads a line as the client reads the daemon's: what `RPCEnvelope.parseResponse` accepts is JSON, and
/// writing it again as the daemon would gives a line the client reads as the same thing.
enum ResponseCheck {
    /// Checks the client's reading of `line` (whose parsed value is `value`, nil when it is not JSON).
    static func run(_ line: [UInt8], value: JSONValue?) throws(FuzzViolation) {
        let incoming: RPCIncoming
        do throws(JSONParseError) {
            incoming = try RPCEnvelope.parseResponse(line)
        } catch {
            try require(
                value == nil || error.reason.hasPrefix("not a JSON-RPC 2.0 response"), "client.refusal",
                "a JSON line was refused with \(error)")
            return
        }
        try require(value != nil, "client.accepted", "a line that is not JSON was read as a response")
        var out = JSONWriter()
        write(incoming, to: &out)
        let again: RPCIncoming
        do throws(JSONParseError) {
            again = try RPCEnvelope.parseResponse(out.bytes)
        } catch {
            throw FuzzViolation(check: "client.rewrite", detail: "a response written again is refused: \(error)")
        }
        try require(again == incoming, "client.rewrite", "a response written again reads differently")
        decodePlaces(in: incoming)
    }

    /// Writes a response, notification or batch as the daemon writes it, without the final newline.
    private static func write(_ incoming: RPCIncoming, to out: inout JSONWriter) {
        switch incoming {
        case .response(let id, .success(let result)):
            RPCEnvelope.writeResultElement(id: id, result: result, to: &out)
        case .response(let id, .failure(let error)):
            RPCEnvelope.writeErrorElement(id: id, error: error, to: &out)
        case .notification(let method, let params):
            RPCEnvelope.writeNotification(method: method, params: params, to: &out)
            out.bytes.removeLast()
        case .batch(let elements):
            out.beginArray()
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out.comma() }
                write(element, to: &out)
            }
            out.endArray()
        }
    }

    /// Reads results as places and as every result type, as the client does (it must not crash).
    private static func decodePlaces(in incoming: RPCIncoming) {
        switch incoming {
        case .response(_, .success(let result)):
            _ = try? WirePlace.decode(result)
            for element in result.arrayValue ?? [] { _ = try? WirePlace.decode(element) }
            _ = try? ListPage.decode(result)
            _ = try? NearResults.decode(result)
            _ = try? WatchResult.decodeSnapshot(result)
            _ = try? WatchResult.decodeResumed(result)
            _ = try? ChangeEvent.decode(result)
            _ = try? ImportResult.decode(result)
            _ = try? MoveResult.decode(result)
            _ = try? ExportResult.decode(result)
        case .batch(let elements):
            for element in elements { decodePlaces(in: element) }
        default:
            break
        }
    }
}
