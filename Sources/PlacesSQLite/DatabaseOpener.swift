import PlacesPersistence
import PlacesSealing
import PlacesState

/// Opens the store's database the safe way: inspect read-only, then write.
///
/// The file is identified and integrity-checked through read-only connections (which never write the file, and
/// never checkpoint it on close). Only when every check passed is it opened read-write, put in WAL mode and
/// migrated. For a database already at the current schema, the state is loaded on the read-only connection
/// while `quick_check` runs on another thread: both scan the whole file, and doing them side by side about halves
/// the start-up time of a large store. A large plaintext table is read in two halves, the upper one by a third
/// thread on a read-only connection of its own.
enum DatabaseOpener {
    /// Checks and opens `path` with `key` (see `WriterDatabase.open`), returning the writer's database, the loaded
    /// state and how the places are kept.
    static func open(
        path: String, key: StoreKey?, limits: ChangeLogLimits
    ) throws(StoreError) -> (WriterDatabase, StoreState, StoreSealing) {
        let inspector = DatabaseInspector()
        let mode = DatabaseInspector.readingMode(for: path)
        let reader: SQLiteConnection
        do {
            reader = try SQLiteConnection(path: path, mode: mode)
        } catch {
            throw .cannotOpen(path: path, reason: error.message)
        }
        defer { reader.close() }
        reader.mapForScanning()
        let identity = try inspector.identify(reader)
        var preloaded: StoreState?
        if identity == .placesd(version: inspector.latestVersion) {
            // A wrong key is refused before anything else is read.
            let sealing = try StoreSealing.decide(
                keyCheck: StoreSealing.keyCheck(of: reader), key: key, path: path)
            let check = IntegrityCheck(path: path, mode: mode)
            let loaded = Result { () throws(StoreError) in
                try WriterDatabase.load(from: reader, sealing: sealing, splitReading: mode)
            }
            try check.wait()
            preloaded = try loaded.get()
        } else {
            try inspector.checkIntegrity(reader)
        }
        reader.close()
        return try WriterDatabase.open(path: path, key: key, limits: limits, preloaded: preloaded)
    }
}
