import PlacesPersistence
import PlacesSQLite
import PlacesSealing

/// Limits and test hooks for a `PlaceStore`.
public struct StoreOptions: Sendable {
    /// The most places one owner may have; adding beyond it fails with `StoreError.limitReached`.
    public var maximumPlacesPerOwner: Int = 1_000_000
    /// Makes chosen storage operations of the SQLite engine fail, for tests; nil in production.
    public var faultHook: (any SQLiteFaultHook)?
    /// The key that seals the places; nil = no key supplied (a sealed store then opens locked).
    public var key: StoreKey?
    /// How much of the change log the store keeps for watchers that resume.
    public var changeLogLimits = ChangeLogLimits.standard

    /// Creates the default options.
    public init() {}
}
