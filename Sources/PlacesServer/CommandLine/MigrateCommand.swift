import PlacesPersistence

/// `placesd migrate`: copies a stopped store from SQLite to PostgreSQL or back (or between two of either).
public struct MigrateCommand: Sendable, Equatable {
    /// Where the places are now: a SQLite path or a PostgreSQL connection string.
    public var source: String
    /// The empty store they go to.
    public var target: String

    /// A copy of `source` into `target`.
    public init(source: String, target: String) {
        self.source = source
        self.target = target
    }

    /// The text `placesd migrate --help` prints.
    public static let helpText = """
        Usage: placesd migrate --from DATABASE --to DATABASE

        Copies every place of one store into another, empty one, in one transaction: ids, list order, versions
        and revisions come across unchanged, and sealed places stay sealed as they are (no key is needed; start
        the target with the source's key). Each DATABASE is a SQLite file, or a PostgreSQL connection URI
        (postgresql://...) or key=value string; a missing SQLite file and an empty PostgreSQL database are
        made into a store. The change log is not copied: watchers take a fresh snapshot. Stop every placesd of
        both stores first.

        Options:
          --from DATABASE        The store to copy.
          --to DATABASE          The empty store to copy it into.
          -h, --help             Print this help and exit.

        Exit status: 0 when every place was copied, 1 when a store cannot be used or the target is not empty
        (nothing is changed), 64 for a usage error.

        """

    /// Copies the store; returns the exit status and the line to print (on stdout for 0, else stderr).
    func run() -> (status: Int32, message: String) {
        let sourceKind = StorageEngines.kind(of: source)
        let targetKind = StorageEngines.kind(of: target)
        let from = sourceKind.describe(source)
        let to = targetKind.describe(target)
        do {
            let rows = try sourceKind.transfer.read(source)
            try targetKind.transfer.write(rows, into: target)
            return (0, "Copied \(rows.places.count) places from '\(from)' to '\(to)'.")
        } catch {
            return (1, "placesd: \(error); nothing was changed")
        }
    }
}
