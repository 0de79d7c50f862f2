import CSystemd
import Glibc
import PlacesSystem

/// The service manager protocol of sd-daemon: readiness and status notifications, socket activation, watchdog.
public enum ServiceManager {
    /// Sends `state` (such as "READY=1\nSTATUS=Serving") with `sd_notify`; does nothing without `NOTIFY_SOCKET`.
    /// Failures are ignored: a notification is never worth stopping for.
    public static func notify(_ state: String) {
        _ = sd_notify(0, state)
    }

    /// Whether `NOTIFY_SOCKET` is set, that is, whether a service manager listens to `notify`.
    public static var isNotifySocketSet: Bool {
        getenv("NOTIFY_SOCKET") != nil
    }

    /// `CLOCK_MONOTONIC` in microseconds, as `MONOTONIC_USEC=` wants it next to `RELOADING=1`.
    public static func monotonicMicroseconds() -> UInt64 {
        Clock.monotonicNanoseconds() / 1000
    }

    /// The sockets passed by socket activation (`LISTEN_FDS`, `LISTEN_FDNAMES`), starting at descriptor 3; empty
    /// when the process was not socket-activated. They are close-on-exec and, as systemd passes them, blocking.
    public static func listenedSockets() -> [ListenedSocket] {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        let count = sd_listen_fds_with_names(0, &names)
        guard count > 0 else { return [] }
        defer {
            if let names {
                for index in 0..<Int(count) { free(names[index]) }
                free(names)
            }
        }
        return (0..<count).map { index in
            let name = names?[Int(index)].map { String(cString: $0) } ?? "unknown"
            return ListenedSocket(fileDescriptor: FileDescriptor(rawValue: SD_LISTEN_FDS_START + index), name: name)
        }
    }

    /// Whether `fd` is a listening `AF_UNIX` `SOCK_STREAM` socket (`sd_is_socket_unix`).
    public static func isListeningUnixStreamSocket(_ fd: FileDescriptor) -> Bool {
        sd_is_socket_unix(fd.rawValue, Int32(SOCK_STREAM.rawValue), 1, nil, 0) > 0
    }

    /// The watchdog interval in microseconds when the service manager expects `WATCHDOG=1` pings from this
    /// process (`sd_watchdog_enabled`); nil when it does not. Ping at half the interval.
    public static func watchdogIntervalMicroseconds() -> UInt64? {
        var interval: UInt64 = 0
        return sd_watchdog_enabled(0, &interval) > 0 ? interval : nil
    }
}
