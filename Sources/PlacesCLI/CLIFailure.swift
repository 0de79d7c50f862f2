import PlacesProtocol

/// Why a command did not succeed: the message for stderr and the exit status.
enum CLIFailure: Error, Equatable {
    /// The command line is wrong; `command` names the command whose help to suggest.
    case usage(String, command: String?)
    /// A request was refused with `error`, by the daemon or, for an id prefix that names no place or several,
    /// by placesctl in the daemon's terms; `message` is what placesctl says about it.
    case refused(RPCError, message: String)
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

    /// The exit status for this failure; a refusal's depends on its error's code.
    var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .refused(let error, _): ExitCode(refusal: error)
        case .data: .dataError
        case .unavailable: .unavailable
        case .software: .software
        case .input, .output: .ioError
        }
    }

    /// The lines written to stderr, each prefixed as the program speaks.
    var report: String {
        switch self {
        case .usage(let message, let command):
            let hint = command.map { "Run 'placesctl help \($0)' for usage." } ?? "Run 'placesctl help' for usage."
            return "placesctl: \(Sentence.ending(message))\n\(hint)\n"
        case .refused(_, let message), .data(let message), .unavailable(let message), .software(let message),
            .input(let message), .output(let message):
            return "placesctl: \(Sentence.ending(message))\n"
        }
    }
}
