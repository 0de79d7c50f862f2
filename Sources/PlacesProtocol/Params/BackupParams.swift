/// The params of `server.backup`: `{"path"}` for a file, or `{"directory", "keep"?}` for a file the daemon names
/// in a directory, keeping the newest `keep` backups there.
public struct BackupParams: MethodParams {
    /// Where the backup goes.
    public enum Target: Sendable, Hashable {
        /// This file (an absolute path), replaced if it exists.
        case file(String)
        /// A new file `places-YYYYMMDDTHHMMSSZ.sqlite` in this directory (an absolute path); with `keep`, the
        /// oldest such files beyond the newest `keep` are removed once the backup is complete.
        case directory(String, keep: Int?)
    }

    /// The key of a file's path.
    public static let pathKey = "path"
    /// The key of a directory's path.
    public static let directoryKey = "directory"
    /// The key of how many backups a directory keeps.
    public static let keepKey = "keep"
    /// The keys the params may have.
    static let keys: [String] = [pathKey, directoryKey, keepKey]
    /// The values `keep` may take.
    public static let keepRange = 1...1_000

    /// Where the backup goes.
    public let target: Target

    /// Creates params.
    public init(target: Target) {
        self.target = target
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> BackupParams {
        let reader = try ParamsReader(params, allowed: keys)
        let path = try reader.string(pathKey)
        let directory = try reader.string(directoryKey)
        let keep = try reader.nonNegativeInteger(keepKey)
        if let keep, !keepRange.contains(keep) {
            throw reader.invalid(keepKey, "must be from \(keepRange.lowerBound) to \(keepRange.upperBound)")
        }
        switch (path, directory) {
        case (let path?, nil):
            guard keep == nil else { throw reader.invalid(keepKey, "is only for a directory") }
            return BackupParams(target: .file(try absolute(path, pathKey, reader)))
        case (nil, let directory?):
            return BackupParams(target: .directory(try absolute(directory, directoryKey, reader), keep: keep))
        case (.some, .some):
            throw reader.invalid(directoryKey, "give either path or directory, not both")
        case (nil, nil):
            throw reader.invalid(pathKey, "is required (or directory)")
        }
    }

    private static func absolute(_ path: String, _ key: String, _ reader: ParamsReader) throws(RPCError) -> String {
        guard path.hasPrefix("/") else { throw reader.invalid(key, "must be an absolute path") }
        guard !path.utf8.contains(0) else { throw reader.invalid(key, "must not contain NUL") }
        return path
    }
}

extension BackupParams {
    /// `server.backup`.
    public static var method: Method { .backup }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        switch target {
        case .file(let path):
            writer.add(Self.pathKey, string: path)
        case .directory(let directory, let keep):
            writer.add(Self.directoryKey, string: directory)
            writer.add(Self.keepKey, integer: keep)
        }
        return writer.object
    }
}
