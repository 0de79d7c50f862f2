import Glibc
import PlacesClient
import PlacesSystem

/// The live `StopSignals`: SIGINT and SIGTERM blocked and read through a signalfd.
///
/// placesctl runs on one thread, so blocking the signals there blocks them for the whole process. A signal the
/// process was started with ignored (SIGINT in a shell script's background job) stays ignored: a blocked signal
/// would be queued even so, and Ctrl-C meant for the script would end the watch.
final class SignalStop: StopSignals {
    private let receiver: SignalReceiver

    /// Blocks SIGINT and SIGTERM, unless ignored, and opens a signalfd for them.
    init() throws(SystemError) {
        receiver = try SignalReceiver(signals: [SIGINT, SIGTERM].filter { !Self.isIgnored($0) })
    }

    /// The signalfd.
    var fileDescriptor: FileDescriptor? { receiver.fileDescriptor }

    /// Polls the signalfd for up to `milliseconds`.
    func wait(milliseconds: Int) -> Bool {
        let ready = try? ReadinessWait.readable(
            [receiver.fileDescriptor], timeoutMilliseconds: Int32(clamping: milliseconds))
        return ready?.first == true
    }

    /// Whether `signal`'s disposition is `SIG_IGN`.
    static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
