/// The placesd layout in a PostgreSQL database, and the statements every connection prepares.
///
/// The one-row `meta` table holds the store-wide revision: every write transaction locks it first (`SELECT …
/// FOR UPDATE`), so transactions commit one at a time in the order of the revisions they assign, and a reader
/// that sees revision r committed sees every revision before it. `changes` is the change log in that order.
enum PostgresSchema {
    /// The schema version this build writes; a database with a newer one is refused, an older one upgraded.
    static let version: Int64 = 4
    /// The `application` column of the `meta` row.
    static let applicationMarker = "placesd"
    /// The channel hosts NOTIFY after each commit (the payload is the new revision) and LISTEN on.
    static let channel = "placesd_changes"
    /// Serialises the creation of the tables by hosts starting at once.
    static let creationLock: Int64 = 0x504C_4344

    /// The columns of a place's fields, the same in `places` and `changes`: a sealed store keeps the private
    /// ones in `sealed` and '' and 0 in their own.
    private static let placeFields = """
        name text NOT NULL, description text NOT NULL, latitude double precision NOT NULL,
            longitude double precision NOT NULL, visited boolean NOT NULL, version bigint NOT NULL,
            created_at bigint NOT NULL, updated_at bigint NOT NULL, sealed bytea, tags text NOT NULL DEFAULT '',
            visited_at bigint
        """

    /// The tables, created if they are missing.
    static let creation = [
        """
        CREATE TABLE IF NOT EXISTS meta (
            singleton integer PRIMARY KEY CHECK (singleton = 1),
            application text NOT NULL,
            schema_version bigint NOT NULL,
            revision bigint NOT NULL,
            key_check bytea
        )
        """,
        """
        INSERT INTO meta (singleton, application, schema_version, revision)
        VALUES (1, '\(applicationMarker)', \(version), 0) ON CONFLICT (singleton) DO NOTHING
        """,
        "CREATE TABLE IF NOT EXISTS owners (uid bigint PRIMARY KEY, revision bigint NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS places (
            rowid bigint PRIMARY KEY,
            id uuid NOT NULL,
            owner bigint NOT NULL,
            position bigint NOT NULL,
            \(placeFields)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS changes (
            revision bigint PRIMARY KEY,
            owner bigint NOT NULL,
            owner_revision bigint NOT NULL,
            kind text NOT NULL,
            id uuid NOT NULL,
            rowid bigint NOT NULL,
            position bigint NOT NULL,
            renumbered bytea NOT NULL,
            \(placeFields),
            logged_at timestamptz NOT NULL DEFAULT now(),
            previous_index bigint,
            undid bigint
        )
        """,
    ]

    /// What brings a database of the version before each one up to it, in order; run under the creation lock.
    ///
    /// Version 2 drops the unique index of `places.id`, as the SQLite schema did in its version 2: every row is
    /// written and found by `rowid`, the hosts find places by id in memory, and an id is only ever given to a
    /// place by a writer holding the counter's lock with the whole store in memory, which refuses one in use. The
    /// index was a b-tree of random keys that every add paid for.
    ///
    /// Version 3 adds tags and the visit date, as the SQLite schema's version 6: `tags` joined by U+001F ('' for
    /// none, and in a sealed row, whose tags are sealed), `visited_at` NULL when not visited or visited before it
    /// was kept. Columns with a constant default are added without rewriting the table.
    ///
    /// Version 4 adds what undo needs to `changes`, as the SQLite schema did in its version 7: for a removal or a
    /// move, the place's index in its list before it; for a change an undo made, the owner revision of the change
    /// it reverted. NULL otherwise and in rows logged before (read as unknown); not sealed, as `position` is not.
    static let upgrades: [(version: Int64, statements: [String])] = [
        (version: 2, statements: ["ALTER TABLE places DROP CONSTRAINT IF EXISTS places_id_key"]),
        (
            version: 3,
            statements: [
                "ALTER TABLE places ADD COLUMN IF NOT EXISTS tags text NOT NULL DEFAULT ''",
                "ALTER TABLE places ADD COLUMN IF NOT EXISTS visited_at bigint",
                "ALTER TABLE changes ADD COLUMN IF NOT EXISTS tags text NOT NULL DEFAULT ''",
                "ALTER TABLE changes ADD COLUMN IF NOT EXISTS visited_at bigint",
            ]
        ),
        (
            version: 4,
            statements: [
                "ALTER TABLE changes ADD COLUMN IF NOT EXISTS previous_index bigint",
                "ALTER TABLE changes ADD COLUMN IF NOT EXISTS undid bigint",
            ]
        ),
    ]

    /// The columns of a place row, in the order the statements and the loader use: the place's fields from
    /// column 4 on.
    static let placeColumns = "rowid, id, owner, position, \(PostgresPlaceColumns.list)"
    /// The columns of a change, in the order the statements and the reader use: the place's fields from column 8 on,
    /// then `previous_index` and `undid`.
    static let changeColumns =
        "revision, owner, owner_revision, kind, id, rowid, position, renumbered, \(PostgresPlaceColumns.list), "
        + "previous_index, undid"

    static let lockCounter = PGStatement(
        name: "lock_counter", sql: "SELECT revision, key_check FROM meta WHERE singleton = 1 FOR UPDATE")
    static let readMeta = PGStatement(
        name: "read_meta", sql: "SELECT revision, key_check, application, schema_version FROM meta WHERE singleton = 1")
    static let changesAfter = PGStatement(
        name: "changes_after",
        sql: "SELECT \(changeColumns) FROM changes WHERE revision > $1::int8 ORDER BY revision LIMIT $2::int8")
    static let ownerChangesAfter = PGStatement(
        name: "owner_changes_after",
        sql: """
            SELECT \(changeColumns) FROM changes WHERE owner = $1::int8 AND owner_revision > $2::int8
            ORDER BY revision
            """)
    static let insertPlaces = PGStatement(
        name: "insert_places",
        sql: """
            INSERT INTO places (\(placeColumns))
            SELECT \(unnesting(["int8", "uuid", "int8", "int8"] + PostgresPlaceColumns.types))
            """)
    static let updatePlaces = PGStatement(
        name: "update_places",
        sql: """
            UPDATE places AS p SET position = u.position, \(PostgresPlaceColumns.assignments(from: "u"))
            FROM (SELECT \(unnesting(["int8", "int8"] + PostgresPlaceColumns.updatedTypes)))
                AS u(rowid, position, \(PostgresPlaceColumns.updatedList))
            WHERE p.rowid = u.rowid
            """)
    static let deletePlaces = PGStatement(
        name: "delete_places", sql: "DELETE FROM places WHERE rowid = ANY($1::int8[])")
    static let saveOwners = PGStatement(
        name: "save_owners",
        sql: """
            INSERT INTO owners (uid, revision) SELECT \(unnesting(["int8", "int8"]))
            ON CONFLICT (uid) DO UPDATE SET revision = excluded.revision
            """)
    static let appendChanges = PGStatement(
        name: "append_changes",
        sql: """
            INSERT INTO changes (\(changeColumns))
            SELECT \(unnesting(changeTypes))
            """)
    /// The array types of `changeColumns`, in order.
    private static let changeTypes =
        ["int8", "int8", "int8", "text", "uuid", "int8", "int8", "bytea"] + PostgresPlaceColumns.types + [
            "int8", "int8",
        ]
    static let saveRevision = PGStatement(
        name: "save_revision", sql: "UPDATE meta SET revision = $1::int8 WHERE singleton = 1")
    // Both prunings start at $1, below which this host already pruned: deleted rows stay in the index until a
    // vacuum, and a scan from the log's start would walk every one of them in every transaction.
    static let pruneBelow = PGStatement(
        name: "prune_below", sql: "DELETE FROM changes WHERE revision >= $1::int8 AND revision < $2::int8")
    // From $1 up to the first change young enough to keep, found by walking the revisions (logged_at follows
    // them) instead of scanning the table; with none, nothing goes.
    static let pruneOlder = PGStatement(
        name: "prune_older",
        sql: """
            DELETE FROM changes WHERE revision >= $1::int8 AND revision < coalesce(
                (SELECT revision FROM changes
                 WHERE revision >= $1::int8 AND logged_at >= now() - make_interval(secs => $2::int8)
                 ORDER BY revision LIMIT 1),
                $1::int8)
            """)
    static let notify = PGStatement(
        name: "notify", sql: "SELECT pg_notify('\(channel)', $1::text)")

    /// The select list that turns array parameters `$1`, `$2`, … of `types` into rows, element by element.
    ///
    /// Each `unnest` is in the select list, not in `FROM unnest(…)`: there the server stores every array's
    /// elements in a table of their own before it joins them into rows, which took as long as inserting the
    /// rows did; in the select list the arrays are read side by side as the rows are made. Both give the same
    /// rows for arrays of one length, as every caller passes.
    private static func unnesting(_ types: [String]) -> String {
        types.enumerated().map { "unnest($\($0.offset + 1)::\($0.element)[])" }.joined(separator: ", ")
    }

    /// Every statement a writing connection prepares.
    static let statements = [
        lockCounter, readMeta, changesAfter, ownerChangesAfter, insertPlaces, updatePlaces,
        deletePlaces, saveOwners, appendChanges, saveRevision, pruneBelow, pruneOlder, notify,
    ]
}
