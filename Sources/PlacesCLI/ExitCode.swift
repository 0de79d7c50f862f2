/// The exit statuses of placesctl, from `sysexits.h`.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// The command succeeded.
    case success = 0
    /// The daemon refused the request (it answered with a JSON-RPC error).
    case refused = 1
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
    /// The input is not in a format placesctl understands (`EX_DATAERR`).
    case dataError = 65
    /// The daemon could not be reached (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// Something went wrong inside placesctl or in the reply (`EX_SOFTWARE`).
    case software = 70
    /// Reading the input or writing the output failed (`EX_IOERR`).
    case ioError = 74
    /// placesd is locked: its places are encrypted and it has no key yet (`EX_TEMPFAIL`).
    case locked = 75
    /// The daemon refused an administrator's request to someone else (`EX_NOPERM`).
    case noPermission = 77

    /// What the status means, as the overview help lists it.
    var meaning: String {
        switch self {
        case .success: "Success."
        case .refused: "The daemon refused the request."
        case .usage: "Usage error: bad command, option or argument."
        case .dataError: "The file to import or the key is malformed."
        case .unavailable: "The daemon cannot be reached."
        case .software: "Internal error: malformed or incomplete reply."
        case .ioError: "Reading the input or writing the output failed."
        case .locked: "placesd is locked: no key was given for its encrypted places."
        case .noPermission: "Permission denied: unlock needs root, the admin group, or placesd's own user."
        }
    }
}
