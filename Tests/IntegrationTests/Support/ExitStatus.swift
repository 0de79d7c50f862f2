/// How a child process ended.
enum ExitStatus: Equatable, CustomStringConvertible {
    /// It called `exit` with this code.
    case exited(Int32)
    /// A signal killed it.
    case signaled(Int32)

    /// Decodes a `waitpid` status word.
    init(waitStatus status: Int32) {
        if status & 0x7f == 0 {
            self = .exited((status >> 8) & 0xff)
        } else {
            self = .signaled(status & 0x7f)
        }
    }

    /// "exit status 1" or "killed by signal 9".
    var description: String {
        switch self {
        case .exited(let code): "exit status \(code)"
        case .signaled(let signal): "killed by signal \(signal)"
        }
    }
}
