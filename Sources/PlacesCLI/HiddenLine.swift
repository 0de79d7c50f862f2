import Glibc
import PlacesClient
import PlacesSystem

/// Reads one line from a terminal without echoing it: a key typed at a prompt.
enum HiddenLine {
    /// The most bytes kept; a line that long is no key, and the terminal holds no longer lines anyway.
    static let maximumLength = 4096

    /// The signals that would otherwise end placesctl with echo still off.
    static let stopSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Turns off `ECHO` on `terminal` (keeping `ECHONL`, so Enter still ends the prompt's line), reads up to the
    /// first newline or the end of input, and restores the settings, also when reading fails or a stop signal
    /// arrives. Such a signal is held back while echo is off and acts once the terminal is restored.
    static func read(from terminal: FileDescriptor) throws(InputError) -> [UInt8] {
        var saved = termios()
        guard tcgetattr(terminal.rawValue, &saved) == 0 else {
            throw InputError(reason: SystemError.text(forErrno: errno))
        }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &previousMask)
        let receiver = try? SignalReceiver(signals: stopSignals.filter { !SignalStop.isIgnored($0) })
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL)
        guard tcsetattr(terminal.rawValue, TCSAFLUSH, &quiet) == 0 else {
            throw InputError(reason: SystemError.text(forErrno: errno))
        }
        defer { _ = tcsetattr(terminal.rawValue, TCSAFLUSH, &saved) }
        return try readLine(from: terminal, interruption: receiver?.fileDescriptor)
    }

    /// The bytes up to the first newline (left unread past it), or to the end of input.
    private static func readLine(
        from terminal: FileDescriptor, interruption: FileDescriptor?
    ) throws(InputError) -> [UInt8] {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count <= maximumLength {
            let ready = try? ReadinessWait.readable(
                [terminal] + (interruption.map { [$0] } ?? []), timeoutMilliseconds: -1)
            if let ready, ready.count > 1, ready[1] {
                throw InputError(reason: "interrupted by a signal")
            }
            let outcome = withUnsafeMutableBytes(of: &byte) { buffer in
                Result { () throws(SystemError) in try terminal.read(into: buffer) }
            }
            switch outcome {
            case .success(0):
                return line
            case .success(nil):
                continue
            case .success:
                if byte == UInt8(ascii: "\n") {
                    return line
                }
                line.append(byte)
            case .failure(let error):
                throw InputError(reason: error.reason)
            }
        }
        return line
    }
}
