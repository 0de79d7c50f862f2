/// Why a field's value was refused: the field's wire name and a reason a person can act on.
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name as it is spelled on the wire, e.g. `latitude`.
    public let field: String
    /// What is wrong, e.g. `must be between -90 and 90`.
    public let reason: String

    /// Creates an error for `field`.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `latitude must be between -90 and 90`.
    public var description: String { "\(field) \(reason)" }
}
