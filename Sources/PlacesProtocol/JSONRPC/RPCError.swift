import PlacesModel

/// A JSON-RPC error object: a code, one human sentence, and optional structured data.
public struct RPCError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One of `RPCErrorCode`'s values.
    public let code: Int
    /// One sentence saying what went wrong.
    public let message: String
    /// Details a program can act on, e.g. `{"field": "latitude", "reason": "..."}`.
    public let data: JSONValue?

    /// Creates an error object.
    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// `Method 'x' not found. (-32601)`.
    public var description: String { "\(message) (\(code))" }

    /// -32700: the line is not valid JSON or not valid UTF-8.
    public static func parseError(_ detail: String) -> RPCError {
        RPCError(code: RPCErrorCode.parseError, message: sentence("Parse error: ", detail))
    }

    /// -32600: the message is not a JSON-RPC 2.0 request object.
    public static func invalidRequest(_ detail: String) -> RPCError {
        RPCError(code: RPCErrorCode.invalidRequest, message: sentence("Invalid request: ", detail))
    }

    /// -32601: no method of that name.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: RPCErrorCode.methodNotFound, message: "Method '\(method)' not found.")
    }

    /// -32602: a parameter was refused; `data` names it and says why.
    public static func invalidParams(_ error: ValidationError) -> RPCError {
        RPCError(
            code: RPCErrorCode.invalidParams,
            message: sentence("Invalid params: ", error.description),
            data: ErrorData.invalid(field: error.field, reason: error.reason)
        )
    }

    /// -32602 for params given as an array: every method takes its parameters by name.
    public static let positionalParams = invalidParams(
        ValidationError(field: "params", reason: "must be an object (parameters are passed by name)"))

    /// -32603: a bug; the detail should also be logged.
    public static func internalError(_ detail: String) -> RPCError {
        RPCError(code: RPCErrorCode.internalError, message: sentence("Internal error: ", detail))
    }

    /// -32001: the caller has no place with that id.
    public static func notFound(id: String) -> RPCError {
        RPCError(code: RPCErrorCode.notFound, message: "No place with id '\(id)'.")
    }

    /// -32002: `ifVersion` did not match; `data.currentVersion` says what the version is.
    public static func conflict(currentVersion: Int64) -> RPCError {
        RPCError(
            code: RPCErrorCode.conflict,
            message: "Version conflict: the place is at version \(currentVersion).",
            data: ErrorData.object([(ErrorData.Key.currentVersion, .number(JSONNumber(currentVersion)))])
        )
    }

    /// -32003: the caller may not do this.
    public static func permissionDenied(_ detail: String) -> RPCError {
        RPCError(code: RPCErrorCode.permissionDenied, message: sentence("Permission denied: ", detail))
    }

    /// -32004: the store is encrypted and not unlocked yet.
    public static func locked() -> RPCError {
        RPCError(code: RPCErrorCode.locked, message: "The store is locked until it is unlocked with server.unlock.")
    }

    /// -32005: the disk or the database failed, and nothing was changed.
    public static func storageFailure(_ detail: String) -> RPCError {
        RPCError(
            code: RPCErrorCode.storageFailure,
            message: "Storage failure: \(trimmingPeriod(detail)); nothing was changed."
        )
    }

    /// -32007: the commit was under way when the database went away; the change may or may not be saved, and a
    /// read (or a watch) tells which.
    public static func outcomeUnknown(_ detail: String) -> RPCError {
        RPCError(
            code: RPCErrorCode.outcomeUnknown,
            message: "The outcome is unknown: \(trimmingPeriod(detail)); the change may or may not have been saved.")
    }

    /// -32602 for `places.watch` with a `since` the change log no longer reaches back to; `data.oldestRevision`
    /// is the oldest revision it holds.
    public static func historyPruned(since: Int64, oldestRevision: Int64) -> RPCError {
        let reason = "the change log no longer reaches back to revision \(since) (it starts at \(oldestRevision))"
        return RPCError(
            code: RPCErrorCode.invalidParams,
            message: "Invalid params: since: \(reason); watch without since for a fresh snapshot.",
            data: ErrorData.invalid(
                field: WatchParams.sinceKey, reason: reason,
                (ErrorData.Key.oldestRevision, .number(JSONNumber(oldestRevision)))))
    }

    /// -32602 for `places.watch` with a `since` newer than the current revision, given in `data.currentRevision`.
    public static func historyAhead(since: Int64, currentRevision: Int64) -> RPCError {
        let reason = "revision \(since) is newer than the current revision, \(currentRevision)"
        return RPCError(
            code: RPCErrorCode.invalidParams, message: "Invalid params: since: \(reason).",
            data: ErrorData.invalid(
                field: WatchParams.sinceKey, reason: reason,
                (ErrorData.Key.currentRevision, .number(JSONNumber(currentRevision)))))
    }

    /// -32006: too many places, connections or subscriptions.
    public static func limitReached(_ detail: String) -> RPCError {
        RPCError(code: RPCErrorCode.limitReached, message: sentence("Limit reached: ", detail))
    }

    private static func sentence(_ prefix: String, _ detail: String) -> String {
        prefix + trimmingPeriod(detail) + "."
    }

    private static func trimmingPeriod(_ detail: String) -> String {
        detail.hasSuffix(".") ? String(detail.dropLast()) : detail
    }
}
