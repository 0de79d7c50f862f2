/// Why an `XMLStream` stopped reading a document.
public enum XMLStreamError: Error, Sendable, Hashable {
    /// Not well-formed XML, as expat says it (`mismatched tag`), where it saw it.
    case malformed(reason: String, line: Int, column: Int)
    /// A `<!DOCTYPE …>`: refused, so that no entity is ever declared, expanded or fetched.
    case documentType(line: Int)
    /// Elements nested deeper than `limit`.
    case tooDeep(limit: Int, line: Int)
    /// The handler stopped the reading (it keeps its own reason).
    case stopped
}

/// The error of a reader over `XMLStream`, with the cases of `XMLStreamError` it reports as its own.
public protocol XMLReadingFailure: Error {
    /// Not well-formed XML.
    static func malformed(reason: String, line: Int, column: Int) -> Self
    /// A document type declaration.
    static func documentType(line: Int) -> Self
    /// Elements nested too deep.
    static func tooDeep(limit: Int, line: Int) -> Self
}

extension XMLStreamError {
    /// This error as a reader's own: `failure`, the reader's reason, when the reader stopped the stream.
    public func reported<Failure: XMLReadingFailure>(stoppedFor failure: Failure?, line: Int) -> Failure {
        switch self {
        case .malformed(let reason, let line, let column): .malformed(reason: reason, line: line, column: column)
        case .documentType(let line): .documentType(line: line)
        case .tooDeep(let limit, let line): .tooDeep(limit: limit, line: line)
        case .stopped: failure ?? .malformed(reason: "stopped", line: line, column: 0)
        }
    }
}
