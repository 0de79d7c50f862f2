extension RPCEnvelope {
    /// Appends a success response line, `{"jsonrpc":"2.0","id":…,"result":…}` and `\n`;
    /// `result` writes the whole result value.
    ///
    /// If `result` throws, `out` is left as it was.
    public static func writeResult<Failure: Error>(
        id: RPCID,
        to out: inout JSONWriter,
        _ result: (inout JSONWriter) throws(Failure) -> Void
    ) throws(Failure) {
        try writeResultElement(id: id, to: &out, result)
        out.bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends a success response line with a ready-made result.
    public static func writeResult(id: RPCID, result: JSONValue, to out: inout JSONWriter) {
        writeResult(id: id, to: &out) { $0.write(result) }
    }

    /// Appends an error response line, `{"jsonrpc":"2.0","id":…,"error":{…}}` and `\n`.
    public static func writeError(id: RPCID, error: RPCError, to out: inout JSONWriter) {
        writeErrorElement(id: id, error: error, to: &out)
        out.bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends the error response for a failure (with its id), and `\n`.
    public static func writeError(_ failure: RPCFailure, to out: inout JSONWriter) {
        writeError(id: failure.id, error: failure.error, to: &out)
    }

    /// Appends a success response without the newline, as an element of a batch's array: the caller writes
    /// `[`, the elements separated by `comma()`, then `]` and `\n`.
    ///
    /// If `result` throws, `out` is left as it was.
    public static func writeResultElement<Failure: Error>(
        id: RPCID,
        to out: inout JSONWriter,
        _ result: (inout JSONWriter) throws(Failure) -> Void
    ) throws(Failure) {
        let mark = out.bytes.count
        out.writeRaw("{\"jsonrpc\":\"2.0\",\"id\":")
        out.writeID(id)
        out.writeRaw(",\"result\":")
        do {
            try result(&out)
        } catch {
            out.bytes.removeSubrange(mark...)
            throw error
        }
        out.endObject()
    }

    /// Appends a success response with a ready-made result, without the newline (a batch element).
    public static func writeResultElement(id: RPCID, result: JSONValue, to out: inout JSONWriter) {
        writeResultElement(id: id, to: &out) { $0.write(result) }
    }

    /// Appends an error response without the newline (a batch element).
    public static func writeErrorElement(id: RPCID, error: RPCError, to out: inout JSONWriter) {
        out.writeRaw("{\"jsonrpc\":\"2.0\",\"id\":")
        out.writeID(id)
        out.writeRaw(",\"error\":{\"code\":")
        out.writeInt(Int64(error.code))
        out.writeRaw(",\"message\":")
        out.writeString(error.message)
        if let data = error.data {
            out.writeRaw(",\"data\":")
            out.write(data)
        }
        out.writeRaw("}}")
    }

    /// Appends a notification line, `{"jsonrpc":"2.0","method":…,"params":…}` and `\n`;
    /// `params` writes the whole params value, braces included.
    public static func writeNotification(
        _ method: NotificationMethod, to out: inout JSONWriter, _ params: (inout JSONWriter) -> Void
    ) {
        out.writeRaw("{\"jsonrpc\":\"2.0\",\"method\":")
        out.writeString(method.rawValue)
        out.writeRaw(",\"params\":")
        params(&out)
        out.writeRaw("}\n")
    }

    /// Appends a notification line with ready-made params, or none when `params` is nil.
    public static func writeNotification(method: String, params: JSONValue?, to out: inout JSONWriter) {
        out.writeRaw("{\"jsonrpc\":\"2.0\",\"method\":")
        out.writeString(method)
        if let params {
            out.writeRaw(",\"params\":")
            out.write(params)
        }
        out.writeRaw("}\n")
    }
}
