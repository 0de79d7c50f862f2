/// The params of `places.undo`: `count?` (1 to 100, default 1).
public struct UndoParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [countKey]
    /// The key of `count`.
    public static let countKey = "count"
    /// The most changes one undo reverts.
    public static let maximumCount = 100

    /// How many of the caller's last changes to revert.
    public let count: Int

    /// Creates params.
    public init(count: Int = 1) {
        self.count = count
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> UndoParams {
        let reader = try ParamsReader(params, allowed: keys)
        let count = try reader.positiveInteger(countKey) ?? 1
        guard count <= Int64(maximumCount) else {
            throw reader.invalid(countKey, "must be at most \(maximumCount)")
        }
        return UndoParams(count: Int(count))
    }
}

extension UndoParams {
    /// `places.undo`.
    public static var method: Method { .undo }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(Self.countKey, integer: count == 1 ? nil : count)
        return writer.object
    }
}
