import PlacesProtocol

extension CLIFailure {
    /// The JSON-RPC error codes of failures placesctl meets before or without a reply from placesd, in the range
    /// JSON-RPC leaves to implementations: -32000 minus the exit status, so each reads like the status it comes
    /// with. placesd's own codes (-32001 to -32007) are far from them.
    enum JSONCode {
        /// The command line is wrong (exit status 64).
        static let usage = -32064
        /// The input is not in a format the command reads (65).
        static let data = -32065
        /// placesd cannot be reached (69).
        static let unavailable = -32069
        /// The reply was malformed or incomplete, or placesctl has a bug (70).
        static let software = -32070
        /// Reading the input or writing the output failed (74).
        static let inputOutput = -32074
    }

    /// The failure as a JSON-RPC error object: a refusal's as placesd sent it, any other with placesctl's code
    /// and message (and, for a usage error, `data.command` when a command was named).
    var rpcError: RPCError {
        switch self {
        case .refused(let error, _):
            return error
        case .usage(let message, let command):
            let data = command.map { JSONValue.object(JSONObject([(key: "command", value: .string($0))])) }
            return RPCError(code: JSONCode.usage, message: Sentence.ending(message), data: data)
        case .data(let message):
            return RPCError(code: JSONCode.data, message: Sentence.ending(message))
        case .unavailable(let message):
            return RPCError(code: JSONCode.unavailable, message: Sentence.ending(message))
        case .software(let message):
            return RPCError(code: JSONCode.software, message: Sentence.ending(message))
        case .input(let message), .output(let message):
            return RPCError(code: JSONCode.inputOutput, message: Sentence.ending(message))
        }
    }

    /// The line `--json` prints on standard output for this failure, whatever it is: JSON-RPC's error member,
    /// `{"error": {"code", "message", "data"}}` (`data` only when there is some), as one line.
    var errorLine: String {
        let error = rpcError
        var members: [(key: String, value: JSONValue)] = [
            (key: "code", value: .number(JSONNumber(Int64(error.code)))),
            (key: "message", value: .string(error.message)),
        ]
        if let data = error.data {
            members.append((key: "data", value: data))
        }
        let object = JSONValue.object(JSONObject(members))
        return JSONValue.object(JSONObject([(key: "error", value: object)])).jsonText + "\n"
    }
}
