import PlacesPersistence
import PlacesSealing
import PlacesState

extension SQLiteEngine: RekeyingEngineKind {
    /// Any path: the top of the program asks this engine last, when no other takes the database.
    package static func takes(_ database: String) -> Bool { true }

    /// The file's path as it is.
    package static func describe(_ database: String) -> String { database }

    package static func open(_ database: String, options: EngineOptions) throws(StoreError) -> any PersistenceEngine {
        try SQLiteEngine(path: database, key: options.key, limits: options.changeLogLimits)
    }

    package static var transfer: any StoreTransfer.Type { SQLiteStoreTransfer.self }

    /// Takes the file's lock (refusing a database in use), checks the file as opening does, and converts every
    /// row (see `StoreRekey`).
    package static func rekey(_ database: String, from oldKey: StoreKey?, to newKey: StoreKey?) throws(StoreError) {
        try StoreRekey.rekey(path: database, from: oldKey, to: newKey)
    }
}
