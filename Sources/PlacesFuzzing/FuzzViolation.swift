/// A broken invariant found while checking an input: which check failed and what it saw.
public struct FuzzViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The check that failed, e.g. `json.roundTrip`.
    public let check: String
    /// What was expected and what was found.
    public let detail: String

    /// Creates a violation of `check`.
    public init(check: String, detail: String) {
        self.check = check
        self.detail = detail
    }

    /// `json.roundTrip: the written text reads back as a different value`.
    public var description: String { "\(check): \(detail)" }
}

/// Throws a violation of `check` unless `condition` holds; `detail` is built only on failure.
func require(
    _ condition: Bool,
    _ check: String,
    _ detail: @autoclosure () -> String
) throws(FuzzViolation) {
    if !condition {
        throw FuzzViolation(check: check, detail: detail())
    }
}
