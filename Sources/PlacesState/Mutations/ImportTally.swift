/// What an import did, or would do in a dry run: how many places it added, replaced and skipped, and why.
public struct ImportTally: Sendable, Hashable {
    /// The places added.
    public var added = 0
    /// The caller's places whose id the import gave and that took the imported fields (`onConflict: replace`).
    public var replaced = 0
    /// The places left out because their id is in use (`onConflict: skip`).
    public var skippedIDInUse = 0
    /// The places without an id left out as duplicates (`skipDuplicates`, `DuplicateRule`).
    public var skippedDuplicates = 0
    /// Whether nothing was changed (`dryRun`): the counts say what the import would do.
    public var isDryRun = false

    /// Creates a tally.
    public init(
        added: Int = 0, replaced: Int = 0, skippedIDInUse: Int = 0, skippedDuplicates: Int = 0, isDryRun: Bool = false
    ) {
        self.added = added
        self.replaced = replaced
        self.skippedIDInUse = skippedIDInUse
        self.skippedDuplicates = skippedDuplicates
        self.isDryRun = isDryRun
    }
}
