import PlacesProtocol

/// The exit statuses of placesctl, from `sysexits.h`: one for each kind of failure a script branches on.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// The command succeeded.
    case success = 0
    /// The daemon refused the request for a reason without a status of its own (a limit, -32006; an unknown
    /// outcome, -32007).
    case refused = 1
    /// The command line was wrong, or `call` named no method the daemon has (`EX_USAGE`).
    case usage = 64
    /// The input was refused: a parameter or the request (-32602, -32600), a file to import or a key that is
    /// malformed, a key that does not open the store, an id prefix that matches several places (`EX_DATAERR`).
    case dataError = 65
    /// No place has that id, no place matches the id prefix, or no city has that name (-32001, `EX_NOINPUT`).
    case notFound = 66
    /// The daemon could not be reached (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// Something went wrong inside placesctl, in the reply, or inside the daemon (-32603, `EX_SOFTWARE`).
    case software = 70
    /// The place is not at the version `--if-version` named, or an id to import is in use (-32002,
    /// `EX_CANTCREAT`).
    case conflict = 73
    /// Reading the input or writing the output failed, the list of cities could not be read, or the daemon's disk
    /// refused the change (-32005, `EX_IOERR`).
    case ioError = 74
    /// placesd is locked: its places are encrypted and it has no key yet (-32004, `EX_TEMPFAIL`).
    case locked = 75
    /// The daemon refused a request the caller may not make (-32003, `EX_NOPERM`).
    case noPermission = 77

    /// The status for a refusal: by the JSON-RPC error's code, a key that does not open the store (-32004
    /// naming the field `key`) being invalid input rather than the locked store.
    init(refusal error: RPCError) {
        switch error.code {
        case RPCErrorCode.notFound: self = .notFound
        case RPCErrorCode.conflict: self = .conflict
        case RPCErrorCode.invalidParams, RPCErrorCode.invalidRequest: self = .dataError
        case RPCErrorCode.locked: self = ErrorData.field(of: error) == UnlockParams.keyKey ? .dataError : .locked
        case RPCErrorCode.permissionDenied: self = .noPermission
        case RPCErrorCode.methodNotFound: self = .usage
        case RPCErrorCode.storageFailure: self = .ioError
        case RPCErrorCode.internalError, RPCErrorCode.parseError: self = .software
        default: self = .refused
        }
    }

    /// What the status means, as the overview help lists it.
    var meaning: String {
        switch self {
        case .success: "Success."
        case .refused: "Another refusal: a limit (-32006), or an outcome not known (-32007): read back before retrying."
        case .usage: "Usage error: bad command, option or argument, or no such method (-32601)."
        case .dataError:
            "Invalid input: a parameter or the request (-32602, -32600), a malformed file to import, a malformed "
                + "or wrong key, an id prefix that matches several places."
        case .notFound: "Not found: no place with that id (-32001), none matches the prefix, or no city has that name."
        case .unavailable: "The daemon cannot be reached."
        case .software: "Internal error: a malformed or incomplete reply, or the daemon's (-32603)."
        case .conflict: "Conflict: the place is not at --if-version, or an id to import is in use (-32002)."
        case .ioError:
            "Reading the input or writing the output failed, the list of cities is missing, or placesd's disk "
                + "refused the change (-32005)."
        case .locked: "placesd is locked (-32004): no key was given for its encrypted places; unlock it and retry."
        case .noPermission: "Permission denied (-32003): allUsers or unlock without the right to it."
        }
    }
}
