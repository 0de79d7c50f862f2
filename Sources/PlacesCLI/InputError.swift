/// Why reading an input file failed.
public struct InputError: Error, Equatable, Sendable {
    /// The system's reason, such as "No such file or directory".
    public let reason: String

    /// Creates an error with the system's reason.
    public init(reason: String) {
        self.reason = reason
    }
}
