/// The params of `places.export`: `format`, `allUsers?`.
public struct ExportParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = ["format", "allUsers"]

    /// The document format.
    public let format: ExportFormat
    /// Whether an admin exports every user's places.
    public let allUsers: Bool

    /// Creates params.
    public init(format: ExportFormat, allUsers: Bool = false) {
        self.format = format
        self.allUsers = allUsers
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ExportParams {
        let reader = try ParamsReader(params, allowed: keys)
        let name = try reader.required("format", reader.string("format"))
        guard let format = ExportFormat(rawValue: name) else {
            throw reader.invalid("format", "must be one of json, geojson, gpx")
        }
        return ExportParams(format: format, allUsers: try reader.bool("allUsers") ?? false)
    }
}

extension ExportParams {
    /// `places.export`.
    public static var method: Method { .export }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add("format", string: format.rawValue)
        writer.add("allUsers", flag: allUsers)
        return writer.object
    }
}
