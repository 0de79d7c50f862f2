import PlacesSealing
import PlacesState

/// Re-seals a whole database with another key, offline: what `SQLiteEngine.rekey(_:from:to:)` does.
enum StoreRekey {
    /// Takes the store's lock on `path` (refusing a database in use), checks the file as a store's opening does,
    /// checks `oldKey` against it, and converts every row from `oldKey` to `newKey` (see `StoreConversion`).
    static func rekey(path: String, from oldKey: StoreKey?, to newKey: StoreKey?) throws(StoreError) {
        guard DatabaseFile.exists(path) else { throw .cannotOpen(path: path, reason: "No such file or directory") }
        let file = try DatabaseFile(path: path)
        defer { file.unlock() }
        try inspect(path: path)
        let connection: SQLiteConnection
        do {
            connection = try WriterDatabase.connect(path: path)
        } catch {
            throw .opening(path, error)
        }
        // Closed before the lock is released (defers run in reverse order).
        defer { connection.close() }
        let old: PlaceCipher?
        switch (try StoreSealing.keyCheck(of: connection), oldKey) {
        case (nil, nil): old = nil
        case (nil, .some): throw .notEncrypted
        case (.some, nil): throw .locked
        case (let check?, let key?):
            guard KeyCheck.verify(check, matches: key) else { throw .wrongKey(path: path) }
            old = PlaceCipher(key: key)
        }
        if old == nil, newKey == nil {
            return
        }
        try StoreConversion.convert(connection, from: old, to: newKey.map { PlaceCipher(key: $0) })
    }

    /// Refuses a file that is not a placesd database this build can use, or that fails the integrity check.
    static func inspect(path: String) throws(StoreError) {
        let reader: SQLiteConnection
        do {
            reader = try SQLiteConnection(path: path, mode: DatabaseInspector.readingMode(for: path))
        } catch {
            throw .cannotOpen(path: path, reason: error.message)
        }
        defer { reader.close() }
        let inspector = DatabaseInspector()
        _ = try inspector.identify(reader)
        try inspector.checkIntegrity(reader)
    }
}
