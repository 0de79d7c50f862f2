import PlacesModel

extension ImportOptions {
    /// The key of `onConflict`: `"fail"` (the default), `"skip"` or `"replace"`.
    public static let onConflictKey = "onConflict"
    /// The key of `skipDuplicates` (a Boolean, default false).
    public static let skipDuplicatesKey = "skipDuplicates"
    /// The key of `dryRun` (a Boolean, default false).
    public static let dryRunKey = "dryRun"
    /// The keys of the options, in the params of `places.import` and `places.import.commit`.
    static let keys: [String] = [onConflictKey, skipDuplicatesKey, dryRunKey]

    /// Reads the options from params whose keys `reader` checked.
    init(reading reader: ParamsReader) throws(RPCError) {
        var policy = ConflictPolicy.fail
        if let text = try reader.string(Self.onConflictKey) {
            guard let given = ConflictPolicy(rawValue: text) else {
                throw reader.invalid(Self.onConflictKey, "must be \"fail\", \"skip\" or \"replace\", not \"\(text)\"")
            }
            policy = given
        }
        self.init(
            onConflict: policy, skipDuplicates: try reader.bool(Self.skipDuplicatesKey) ?? false,
            isDryRun: try reader.bool(Self.dryRunKey) ?? false)
    }

    /// Adds the options that differ from their defaults to a params object.
    func write(to writer: inout ParamsWriter) {
        writer.add(Self.onConflictKey, string: onConflict == .fail ? nil : onConflict.rawValue)
        writer.add(Self.skipDuplicatesKey, flag: skipDuplicates)
        writer.add(Self.dryRunKey, flag: isDryRun)
    }
}
