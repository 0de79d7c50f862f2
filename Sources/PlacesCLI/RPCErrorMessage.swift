import PlacesProtocol

/// Turns the daemon's JSON-RPC errors into the sentence placesctl prints.
enum RPCErrorMessage {
    /// For invalid params, "FIELD REASON." from `data` (`latitude must be between -90 and 90.`);
    /// otherwise the daemon's own message.
    static func text(for error: RPCError) -> String {
        if error.code == RPCErrorCode.invalidParams, let field = ErrorData.field(of: error),
            let reason = ErrorData.reason(of: error), !field.isEmpty, !reason.isEmpty
        {
            return Sentence.ending("\(field) \(reason)")
        }
        return Sentence.ending(error.message)
    }
}
