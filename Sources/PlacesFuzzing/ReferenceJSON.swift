/// A JSON value as another parser reports it, for comparing parsers without this module importing that
/// parser: numbers as doubles, objects as dictionaries (a repeated key keeps its last value).
public indirect enum ReferenceJSON: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, converted to a double.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([ReferenceJSON])
    /// An object.
    case object([String: ReferenceJSON])
}
