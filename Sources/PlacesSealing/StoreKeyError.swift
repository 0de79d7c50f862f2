/// Why bytes could not be made into a `StoreKey`.
public struct StoreKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. "a store key is 32 bytes, got 16"; never contains key material.
    public let reason: String

    /// Creates an error with `reason`.
    package init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
