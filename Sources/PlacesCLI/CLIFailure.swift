/// Why a command did not succeed: the message for stderr and the exit status.
enum CLIFailure: Error, Equatable {
    /// The command line is wrong; `command` names the command whose help to suggest.
    case usage(String, command: String?)
    /// The daemon refused the request, or the id matched no place or several.
    case refused(String)
    /// The input is not in a format the command reads.
    case data(String)
    /// The daemon cannot be reached.
    case unavailable(String)
    /// The reply was malformed or incomplete, or placesctl has a bug.
    case software(String)
    /// Reading the input failed.
    case input(String)
    /// Writing the output failed.
    case output(String)
    /// placesd is locked: it answered -32004 to a request for places.
    case locked(String)
    /// The request needs rights the caller lacks (`unlock` as neither root nor an administrator).
    case permission(String)

    /// The exit status for this failure.
    var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .refused: .refused
        case .data: .dataError
        case .unavailable: .unavailable
        case .software: .software
        case .input, .output: .ioError
        case .locked: .locked
        case .permission: .noPermission
        }
    }

    /// The lines written to stderr, each prefixed as the program speaks.
    var report: String {
        switch self {
        case .usage(let message, let command):
            let hint = command.map { "Run 'placesctl help \($0)' for usage." } ?? "Run 'placesctl help' for usage."
            return "placesctl: \(Sentence.ending(message))\n\(hint)\n"
        case .refused(let message), .data(let message), .unavailable(let message), .software(let message),
            .input(let message), .output(let message), .locked(let message), .permission(let message):
            return "placesctl: \(Sentence.ending(message))\n"
        }
    }
}
