import PlacesState

/// A kind of engine, as the top of the program chooses one for the database its configuration names: which
/// databases are of its kind, how messages name them, how one is opened, and how a whole store is read and
/// written as rows, for `placesd migrate`.
package protocol EngineKind {
    /// Whether `database` is written as this kind of engine's databases are (a PostgreSQL connection string, a
    /// file's path).
    static func takes(_ database: String) -> Bool

    /// How messages name `database` (without a password or other secrets a connection string may hold).
    static func describe(_ database: String) -> String

    /// Opens (or creates) the store in `database` and loads it, with `options`.
    ///
    /// A store that cannot be used is refused with `StoreError.cannotOpen` and left untouched; one sealed with
    /// another key than `options.key` with `StoreError.wrongKey`. Without a key, a sealed store opens locked.
    static func open(_ database: String, options: EngineOptions) throws(StoreError) -> any PersistenceEngine

    /// How a whole store of this kind is read and written as rows.
    static var transfer: any StoreTransfer.Type { get }
}
