import PlacesSealing
import PlacesState

/// The placesd database layout: identity markers and the numbered migrations that build it.
enum Schema {
    /// `PRAGMA application_id` of every placesd database: 'PLCD'.
    static let applicationID: Int64 = 0x504C_4344
    /// The `application` column of the `meta` row.
    static let applicationMarker = "placesd"

    /// Every migration, in order; append new ones, never edit released ones.
    static let migrations: [Migration] = [
        Migration(
            version: 1,
            statements: [
                """
                CREATE TABLE meta (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    schema_version INTEGER NOT NULL,
                    application TEXT NOT NULL,
                    revision INTEGER NOT NULL
                )
                """,
                "INSERT INTO meta (singleton, schema_version, application, revision) VALUES (1, 1, 'placesd', 0)",
                """
                CREATE TABLE owners (
                    uid INTEGER PRIMARY KEY,
                    revision INTEGER NOT NULL
                )
                """,
                """
                CREATE TABLE places (
                    id BLOB NOT NULL PRIMARY KEY CHECK (length(id) = 16),
                    owner INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    description TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    visited INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                )
                """,
                // No index on (owner, position): the whole table is loaded into memory and sorted there, and every
                // index would cost each commit another b-tree to write.
            ]),
        // The primary key on the random ids made every insert write a page at a random place in a b-tree as large
        // as the table, so commits slowed down as the store grew. The store finds places by id in memory, so rows
        // are now addressed by an explicit rowid (which VACUUM keeps) and new rows go at the table's end.
        Migration(
            version: 2,
            statements: [
                """
                CREATE TABLE places_v2 (
                    rowid INTEGER PRIMARY KEY,
                    id BLOB NOT NULL CHECK (length(id) = 16),
                    owner INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    description TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    visited INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                )
                """,
                """
                INSERT INTO places_v2 (id, owner, position, name, description, latitude, longitude, visited, version,
                    created_at, updated_at)
                SELECT id, owner, position, name, description, latitude, longitude, visited, version, created_at,
                    updated_at
                FROM places ORDER BY owner, position
                """,
                "DROP TABLE places",
                "ALTER TABLE places_v2 RENAME TO places",
            ]),
        // Positions get gaps (see ListPositions), so that a move writes one row: each owner's places keep their
        // order, spaced 2^32 apart from the middle of the range, 2^61.
        Migration(
            version: 3,
            statements: [
                """
                UPDATE places SET position = 2305843009213693952 + ranked.rank * 4294967296
                FROM (
                    SELECT rowid AS row, ROW_NUMBER() OVER (PARTITION BY owner ORDER BY position) - 1 AS rank
                    FROM places
                ) AS ranked
                WHERE places.rowid = ranked.row
                """
            ]),
        // Encryption at rest (see docs/encryption.md): a sealed row keeps its name, description and coordinates
        // in `sealed` (nonce + XChaCha20-Poly1305 ciphertext) and '' / 0 in their own columns; NULL for a
        // plaintext row. `meta.key_check` recognizes the store's key; NULL for a plaintext store. Adding
        // columns with a NULL default rewrites no row.
        Migration(
            version: 4,
            statements: [
                "ALTER TABLE places ADD COLUMN sealed BLOB",
                "ALTER TABLE meta ADD COLUMN key_check BLOB",
            ]),
        // The change log (see docs/protocol.md, resuming a watch): every committed change under its store
        // revision, with the place after it (before it, for a removal), sealed like the places when the store is.
        // Bounded by count and age (`ChangeLogLimits`). No index beside the revision: reading by owner is rare
        // (a watcher resuming) and scans the bounded log, while an index would cost every commit another b-tree.
        Migration(
            version: 5,
            statements: [
                """
                CREATE TABLE changes (
                    revision INTEGER PRIMARY KEY,
                    owner INTEGER NOT NULL,
                    owner_revision INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    id BLOB NOT NULL CHECK (length(id) = 16),
                    name TEXT NOT NULL,
                    description TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    visited INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    sealed BLOB,
                    logged_at INTEGER NOT NULL
                )
                """
            ]),
        // Tags and the visit date (see docs/protocol.md). `tags` holds a plaintext row's tags joined by U+001F
        // ('' for none, and in a sealed row, whose tags are in `sealed`: its payload's layout version 2);
        // `visited_at` is NULL for a place not visited, and for one visited before this version, whose date
        // nobody knows. Adding columns with a constant default rewrites no row.
        Migration(
            version: 6,
            statements: [
                "ALTER TABLE places ADD COLUMN tags TEXT NOT NULL DEFAULT ''",
                "ALTER TABLE places ADD COLUMN visited_at INTEGER",
                "ALTER TABLE changes ADD COLUMN tags TEXT NOT NULL DEFAULT ''",
                "ALTER TABLE changes ADD COLUMN visited_at INTEGER",
            ]),
        // What undo needs of the log, so that it outlives the daemon and is shared by every reader of the log:
        // for a removal or a move, the place's index in its list before it; for a change an undo made, the owner
        // revision of the change it reverted. NULL otherwise, and in rows logged before (read as unknown). Neither
        // is sealed in an encrypted store, as `places.position` is not.
        Migration(
            version: 7,
            statements: [
                "ALTER TABLE changes ADD COLUMN previous_index INTEGER",
                "ALTER TABLE changes ADD COLUMN undid INTEGER",
            ]),
    ]

    /// The newest schema version this build knows.
    static var latestVersion: Int64 { migrations.last?.version ?? 0 }
}
