/// What one line from a client turned out to be.
public enum RPCMessage: Sendable {
    /// One request object (or a failure to answer for it).
    case single(Result<RPCRequest, RPCFailure>)
    /// A batch: a non-empty array, each element a request or a failure; answered with an array.
    case batch([Result<RPCRequest, RPCFailure>])
    /// Nothing usable (invalid JSON, an empty batch, not an object or array): answer with this one error.
    case invalid(RPCFailure)
}
