import CLinux
import Glibc

/// Receives signals through a signalfd instead of handlers, so an event loop can treat them as input.
///
/// `init` blocks the signals with `pthread_sigmask` in the calling thread only: create it before starting other
/// threads, which inherit the mask. A signal that some thread leaves unblocked is delivered there instead.
public final class SignalReceiver: Sendable {
    /// The signalfd (non-blocking, close-on-exec), readable while a signal is pending; owned by this object.
    public let fileDescriptor: FileDescriptor

    /// Blocks `signals` in the calling thread and opens a signalfd for them.
    public init(signals: [Int32]) throws(SystemError) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals where sigaddset(&set, signal) != 0 {
            throw SystemError(errno: errno, operation: "add signal \(signal) to a signal set")
        }
        let code = pthread_sigmask(SIG_BLOCK, &set, nil)
        if code != 0 { throw SystemError(errno: code, operation: "block signals \(signals)") }
        let fd = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { throw SystemError(errno: errno, operation: "create a signalfd") }
        fileDescriptor = FileDescriptor(rawValue: fd)
    }

    deinit {
        fileDescriptor.close()
    }

    /// Takes one pending signal and returns its number; nil when none is pending.
    public func next() -> Int32? {
        var info = signalfd_siginfo()
        let fd = fileDescriptor.rawValue
        let outcome = withUnsafeMutableBytes(of: &info) { bytes in
            SystemCall.retryingInterrupts { Glibc.read(fd, bytes.baseAddress, bytes.count) }
        }
        guard outcome.result == MemoryLayout<signalfd_siginfo>.size else {
            if outcome.result < 0 && outcome.errno != EAGAIN {
                SystemError.trapIfBug(outcome.errno, "read signalfd")
            }
            return nil
        }
        return Int32(bitPattern: info.ssi_signo)
    }
}
