/// Why a JSON text was refused: the byte offset where the problem was found and what it is.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offset, in bytes from the start of the text, of the offending byte.
    public let offset: Int
    /// What is wrong, e.g. `unexpected character 'x'`.
    public let reason: String

    /// Creates an error at `offset`.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `invalid JSON at byte 12: unexpected character 'x'`.
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
