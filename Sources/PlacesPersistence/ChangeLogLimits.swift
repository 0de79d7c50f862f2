/// How much of the change log an engine keeps: a watcher can resume (`places.watch` with `since`) from any
/// revision the log still reaches back to.
public struct ChangeLogLimits: Sendable, Equatable {
    /// The most changes kept: older ones go as newer ones are committed.
    public var maximumEntries: Int
    /// The longest a change is kept, in seconds.
    public var maximumAgeSeconds: Int

    /// The defaults: 100,000 changes, for at most 7 days.
    public static let standard = ChangeLogLimits(maximumEntries: 100_000, maximumAgeSeconds: 7 * 24 * 3_600)

    /// Limits of `maximumEntries` changes and `maximumAgeSeconds` seconds.
    public init(maximumEntries: Int, maximumAgeSeconds: Int) {
        self.maximumEntries = maximumEntries
        self.maximumAgeSeconds = maximumAgeSeconds
    }
}
