import Foundation
import PlacesFuzzing

/// Foundation's `JSONSerialization` as the reference parser, as the fuzzer's entry point uses it.
enum FoundationReference {
    /// The type Foundation uses for `true` and `false`, to tell them from the numbers 1 and 0.
    private static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Foundation's reading of `bytes` as one JSON text (fragments allowed), or nil when it refuses it.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> ReferenceJSON? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return nil
        }
        return convert(object)
    }

    /// Converts what `JSONSerialization` returns.
    private static func convert(_ object: Any) -> ReferenceJSON {
        switch object {
        case is NSNull:
            return .null
        case let string as String:
            return .string(string)
        case let array as [Any]:
            return .array(array.map(convert))
        case let dictionary as [String: Any]:
            return .object(dictionary.mapValues(convert))
        case let number as NSNumber:
            if ObjectIdentifier(type(of: number)) == booleanType { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        default:
            preconditionFailure("JSONSerialization returned a \(type(of: object))")
        }
    }
}
