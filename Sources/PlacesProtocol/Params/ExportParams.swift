/// The params of `places.export`: `format`, `allUsers?`, `groupByTag?` (`kml` and `kmz` only).
public struct ExportParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = ["format", "allUsers", groupByTagKey]
    /// The key of the choice of one folder per tag.
    public static let groupByTagKey = "groupByTag"

    /// The document format.
    public let format: ExportFormat
    /// Whether an admin exports every user's places.
    public let allUsers: Bool
    /// Whether a KML document puts each place in the Folder of its first tag, instead of a flat list.
    public let groupByTag: Bool

    /// Creates params.
    public init(format: ExportFormat, allUsers: Bool = false, groupByTag: Bool = false) {
        self.format = format
        self.allUsers = allUsers
        self.groupByTag = groupByTag
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ExportParams {
        let reader = try ParamsReader(params, allowed: keys)
        let name = try reader.required("format", reader.string("format"))
        guard let format = ExportFormat(rawValue: name) else {
            let names = ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw reader.invalid("format", "must be one of \(names)")
        }
        let groupByTag = try reader.bool(groupByTagKey) ?? false
        if groupByTag && !format.groupsByTag {
            throw reader.invalid(groupByTagKey, "is read only with the formats kml and kmz")
        }
        return ExportParams(format: format, allUsers: try reader.bool("allUsers") ?? false, groupByTag: groupByTag)
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
        writer.add(Self.groupByTagKey, flag: groupByTag)
        return writer.object
    }
}
