/// Why a reply from placesd does not have the shape its result type reads.
public enum ReplyError: Error, Sendable, Equatable {
    /// The result is not an object.
    case notObject
    /// The result has no member `key` of the kind it must be (`array`, `count`, …).
    case missing(key: String, kind: String)
    /// An element of the result lacks one of `keys`.
    case incomplete(keys: [String])
    /// A place in the result is malformed: the error names the field.
    case place(RPCError)

    /// What is wrong, e.g. `no 'places' array`, `lacks 'place' or 'distance'`.
    public var reason: String {
        switch self {
        case .notObject: "not an object"
        case .missing(let key, let kind): "no '\(key)'" + (kind.isEmpty ? "" : " " + kind)
        case .incomplete(let keys): "lacks " + keys.map { "'\($0)'" }.joined(separator: " or ")
        case .place(let error): error.description
        }
    }
}
