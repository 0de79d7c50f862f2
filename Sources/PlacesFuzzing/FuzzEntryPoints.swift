/// Feeds `data` through the daemon's handling of untrusted input (see `ProtocolFuzzer`) and traps on the first
/// broken invariant (with `fatalError`, so the message shows in optimised builds too); libFuzzer's entry point calls this.
public func fuzzProtocol(_ data: UnsafeRawBufferPointer) {
    do throws(FuzzViolation) {
        try ProtocolFuzzer.check(data)
    } catch {
        fatalError(error.description)
    }
}

/// Compares `JSONParser` with a reference parser (Foundation's `JSONSerialization`) on `data` as one JSON
/// text (see `JSONDifferential`) and traps when they disagree.
public func fuzzJSONDifferential(
    _ data: UnsafeRawBufferPointer,
    reference: (UnsafeRawBufferPointer) -> ReferenceJSON?
) {
    do throws(FuzzViolation) {
        try JSONDifferential.check(data, reference: reference)
    } catch {
        fatalError(error.description)
    }
}
