/// The error codes of the wire contract.
public enum RPCErrorCode {
    /// Invalid JSON or invalid UTF-8.
    public static let parseError = -32700
    /// Not a JSON-RPC 2.0 request object, or a line too long.
    public static let invalidRequest = -32600
    /// No such method.
    public static let methodNotFound = -32601
    /// A parameter is of the wrong type, out of range, unknown or missing.
    public static let invalidParams = -32602
    /// A bug in the daemon.
    public static let internalError = -32603
    /// No place with that id for this caller.
    public static let notFound = -32001
    /// `ifVersion` did not match.
    public static let conflict = -32002
    /// The caller may not do this.
    public static let permissionDenied = -32003
    /// The store is encrypted and not unlocked yet.
    public static let locked = -32004
    /// The disk or the database failed; nothing was changed.
    public static let storageFailure = -32005
    /// Too many places, connections or subscriptions.
    public static let limitReached = -32006
    /// The database went away while a change was being committed: it may or may not be saved.
    public static let outcomeUnknown = -32007
}
