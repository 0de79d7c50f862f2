import PlacesSystem

/// SIGINT and SIGTERM, caught so that a long-running command (`watch`) can end cleanly with status 0.
public protocol StopSignals: AnyObject {
    /// A descriptor that becomes readable once a stop signal is pending, for waits on the daemon; nil when
    /// nothing can interrupt them.
    var fileDescriptor: FileDescriptor? { get }
    /// Waits `milliseconds`, or less if a stop signal arrives; returns whether one did.
    func wait(milliseconds: Int) -> Bool
}
