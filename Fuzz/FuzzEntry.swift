// libFuzzer's entry point for the placesd protocol fuzzer; scripts/fuzz.sh compiles this file with
// -sanitize=fuzzer,address, so libFuzzer provides `main`. It is not part of the Swift package. The reference
// parser, `FoundationReference`, is the tests' own (Tests/PlacesFuzzingTests), compiled in beside it.
import Foundation
import PlacesFuzzing

/// Runs one input through the protocol checks and, as one JSON text, the comparison with Foundation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    fuzzProtocol(bytes)
    fuzzJSONDifferential(bytes, reference: FoundationReference.parse)
    return 0
}
