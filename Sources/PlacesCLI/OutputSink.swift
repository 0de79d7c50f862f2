/// Where placesctl writes text: standard output, standard error, or a buffer in tests.
public protocol OutputSink: AnyObject {
    /// Writes `text` completely, or throws why it could not.
    func write(_ text: String) throws(OutputError)
    /// Writes `bytes` completely, as they are (`key generate --raw`), or throws why it could not.
    func write(bytes: [UInt8]) throws(OutputError)
}

/// Why writing output failed.
public struct OutputError: Error, Equatable, Sendable {
    /// The system's reason, such as "No space left on device".
    public let reason: String

    /// Creates an error with the system's reason.
    public init(reason: String) {
        self.reason = reason
    }
}
