/// How an import treats places that are already there: ids in use, duplicates of existing places, and whether it
/// changes anything at all.
public struct ImportOptions: Sendable, Hashable {
    /// What becomes of an imported place whose id is already in use.
    public enum ConflictPolicy: String, CaseIterable, Sendable {
        /// The whole import is refused and nothing is imported (the default, and the behaviour before the option).
        case fail
        /// The place is left out; the one in the store stays as it is.
        case skip
        /// The caller's place with that id takes the imported fields (a new version, an `updated` change); an id
        /// of another user's place still refuses the whole import.
        case replace
    }

    /// What becomes of a place whose id is in use.
    public var onConflict: ConflictPolicy
    /// Whether a place without an id that `DuplicateRule` matches with one of the caller's places (or an earlier
    /// place of the same import) is left out.
    public var skipDuplicates: Bool
    /// Whether to work out what the import would do and change nothing.
    public var isDryRun: Bool

    /// Creates options; the defaults are today's import: fail on an id in use, keep duplicates, change the store.
    public init(onConflict: ConflictPolicy = .fail, skipDuplicates: Bool = false, isDryRun: Bool = false) {
        self.onConflict = onConflict
        self.skipDuplicates = skipDuplicates
        self.isDryRun = isDryRun
    }
}
