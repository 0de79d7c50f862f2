import PlacesProtocol
import PlacesSQLite
import PlacesSystem

/// `placesd backup --info FILE`: prints what a backup file holds and whether it is intact, without changing it.
public struct BackupInfoCommand: Sendable, Equatable {
    /// The backup file.
    public var path: String
    /// Print one JSON object rather than lines for people.
    public var isJSON = false

    /// An inspection of the backup at `path`.
    public init(path: String, isJSON: Bool = false) {
        self.path = path
        self.isJSON = isJSON
    }

    /// The text `placesd backup --help` prints.
    public static let helpText = """
        Usage: placesd backup --info FILE [--json]

        Prints what the backup FILE holds: its format version, the revision it was taken at, how many places
        each owner has, whether the places are sealed (the store's key is needed to restore it), its size, and
        the result of SQLite's integrity check. Nothing is written to the file. A backup is a placesd SQLite
        database in one file (see 'placesd restore --help'); placesd cannot make one online yet.

        Options:
          --info FILE            Print what the backup FILE holds and whether it passes its integrity check.
          --json                 Print it as one JSON object.
          -h, --help             Print this help and exit.

        Exit status: 0 for an intact backup, 1 when the file is missing, is not a placesd database, was made by
        a newer placesd or fails its integrity check, 64 for a usage error.

        """

    /// Inspects the file; returns the exit status and the text to print (on stdout for 0, else stderr).
    func run() -> (status: Int32, message: String) {
        let info: BackupInfo
        do {
            info = try BackupInfo.inspect(path: path)
        } catch {
            return (1, "placesd: \(error)")
        }
        let report = isJSON ? Self.json(info).prettyPrinted() : Self.lines(info)
        guard info.isIntact else {
            return (1, report + "\nplacesd: backup '\(path)' failed its integrity check")
        }
        return (0, report)
    }

    /// The owners of `info`'s places, by uid, with the user name the uid has here, if any.
    private static func owners(_ info: BackupInfo) -> [(uid: UInt32, name: String?, places: Int)] {
        (info.contents.placesByOwner ?? [:]).sorted { $0.key < $1.key }.map {
            (UInt32($0.key), FileSystem.userName(uid: UInt32($0.key)), $0.value)
        }
    }

    /// The report for people, one fact a line.
    static func lines(_ info: BackupInfo) -> String {
        let contents = info.contents
        var lines = [
            "Backup:         '\(info.path)'",
            "Format version: \(contents.formatVersion)",
            "Revision:       \(contents.revision)",
            "Places:         \(contents.placeCount)",
        ]
        for owner in owners(info) {
            lines.append("  uid \(owner.uid)\(owner.name.map { " (\($0))" } ?? ""): \(owner.places)")
        }
        lines.append("Sealed:         \(contents.isSealed ? "yes (restoring needs the store's key)" : "no")")
        lines.append("Size:           \(contents.byteCount) bytes")
        lines.append(
            "Integrity:      "
                + (info.isIntact ? "ok" : "failed: " + info.integrityProblems.joined(separator: "; ")))
        return lines.joined(separator: "\n")
    }

    /// The report as one JSON object.
    static func json(_ info: BackupInfo) -> JSONValue {
        let contents = info.contents
        let owners: [JSONValue] = owners(info).map { owner in
            var members: [(key: String, value: JSONValue)] = [("uid", .number(JSONNumber(Int64(owner.uid))))]
            if let name = owner.name { members.append(("user", .string(name))) }
            members.append(("places", .number(JSONNumber(owner.places))))
            return .object(JSONObject(members))
        }
        return .object(
            JSONObject([
                ("path", .string(info.path)),
                ("formatVersion", .number(JSONNumber(contents.formatVersion))),
                ("revision", .number(JSONNumber(contents.revision))),
                ("places", .number(JSONNumber(contents.placeCount))),
                ("owners", .array(owners)),
                ("sealed", .bool(contents.isSealed)),
                ("bytes", .number(JSONNumber(contents.byteCount))),
                ("intact", .bool(info.isIntact)),
                ("integrityProblems", .array(info.integrityProblems.map(JSONValue.string))),
            ]))
    }
}
