import PlacesModel

/// The params of `places.import.commit`: `token` and the import's options (`onConflict`, `skipDuplicates`,
/// `dryRun`, as `places.import` takes them).
public struct ImportCommitParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [ImportAddParams.tokenKey] + ImportOptions.keys

    /// The staged import to commit.
    public let token: String
    /// What becomes of ids in use and duplicates, and whether anything changes.
    public let options: ImportOptions

    /// Creates params.
    public init(token: String, options: ImportOptions = ImportOptions()) {
        self.token = token
        self.options = options
    }

    /// Decodes and validates the params.
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ImportCommitParams {
        let reader = try ParamsReader(params, allowed: keys)
        let token = try reader.required(ImportAddParams.tokenKey, reader.string(ImportAddParams.tokenKey))
        return ImportCommitParams(token: token, options: try ImportOptions(reading: reader))
    }
}

extension ImportCommitParams {
    /// `places.import.commit`.
    public static var method: Method { .importCommit }

    /// The params object, without the options that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(ImportAddParams.tokenKey, string: token)
        options.write(to: &writer)
        return writer.object
    }
}
