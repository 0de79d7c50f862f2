/// Why coastline data could not be read: the line and what is wrong with it.
public struct CoastlineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// Creates an error.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `coastline data line 12: …`.
    public var description: String { "coastline data line \(line): \(reason)" }
}
