/// The params of `server.unlock`: `key`, the base64 encoding of the 32-byte store key.
public struct UnlockParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [keyKey]
    /// The key of the store key, which a refusal of it names.
    public static let keyKey = "key"

    /// The length of a store key in bytes.
    public static let keyLength = 32

    /// The decoded key.
    public let key: [UInt8]

    /// Creates params.
    public init(key: [UInt8]) {
        self.key = key
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> UnlockParams {
        let reader = try ParamsReader(params, allowed: keys)
        let text = try reader.required(keyKey, reader.string(keyKey))
        guard let key = Base64.decode(text), key.count == keyLength else {
            throw reader.invalid(keyKey, "must be the base64 encoding of a \(keyLength)-byte key")
        }
        return UnlockParams(key: key)
    }
}

extension UnlockParams: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Names the key's length only, so logging the params never leaks the key.
    public var description: String { "UnlockParams(key: \(key.count) bytes)" }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// A mirror without the key's bytes.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension UnlockParams {
    /// `server.unlock`.
    public static var method: Method { .unlock }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(Self.keyKey, string: Base64.encode(key))
        return writer.object
    }
}
