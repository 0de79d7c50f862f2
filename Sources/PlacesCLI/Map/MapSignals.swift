import Glibc
import PlacesClient
import PlacesSystem

/// The signals a live map answers: SIGINT and SIGTERM end it, SIGWINCH (the terminal was resized) redraws it; all
/// three blocked and read through one signalfd, so waits for the daemon end when one arrives.
final class MapSignals {
    /// What the pending signals ask for.
    struct Pending: Equatable {
        /// SIGINT or SIGTERM arrived.
        var isStop = false
        /// SIGWINCH arrived.
        var isResize = false
    }

    private let receiver: SignalReceiver

    /// Blocks the signals (SIGINT and SIGTERM only unless ignored, as for `watch`) and opens a signalfd for them.
    init() throws(SystemError) {
        receiver = try SignalReceiver(
            signals: [SIGINT, SIGTERM].filter { !SignalStop.isIgnored($0) } + [SIGWINCH])
    }

    /// The signalfd, readable while a signal is pending.
    var fileDescriptor: FileDescriptor { receiver.fileDescriptor }

    /// Takes every pending signal.
    func take() -> Pending {
        var pending = Pending()
        while let signal = receiver.next() {
            if signal == SIGWINCH {
                pending.isResize = true
            } else {
                pending.isStop = true
            }
        }
        return pending
    }

    /// Waits up to `milliseconds` for a signal, then takes what is pending.
    func wait(milliseconds: Int) -> Pending {
        _ = try? ReadinessWait.readable([receiver.fileDescriptor], timeoutMilliseconds: Int32(clamping: milliseconds))
        return take()
    }
}
