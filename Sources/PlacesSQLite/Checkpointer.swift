import CSQLite
import Dispatch
import PlacesLocking
import PlacesSealing
import PlacesState
import Synchronization

/// Copies the WAL back into the database file on a connection and thread of its own, so that a commit does not
/// wait for a checkpoint (and its sync of the database file) the way SQLite's automatic checkpoint makes it.
///
/// The writer's connection reports the WAL's size after each commit (`sqlite3_wal_hook`, which also turns the
/// automatic checkpoint off). From `backgroundPages` on, a passive checkpoint is scheduled here; it never blocks
/// the writer. A WAL that keeps growing anyway (passive checkpoints cannot finish while commits keep coming, and
/// SQLite only rewinds a WAL that was checkpointed to its end) is checkpointed by the writer itself after a
/// commit from `inlinePages` on: cheap then, as the background has copied most frames already. Durability does
/// not depend on any of this: every commit is synced to the WAL before `COMMIT` returns.
final class Checkpointer: Sendable {
    /// The WAL size, in pages, from which a background checkpoint is scheduled.
    static let backgroundPages: Int32 = 1_000
    /// The WAL size, in pages, from which the writer checkpoints after its commit.
    static let inlinePages: Int32 = 8_000

    /// Used only on `queue` and in `close()`.
    private let connection: Locked<SQLiteConnection?>
    private let queue = DispatchQueue(label: "placesd.store.checkpoint")
    private let isScheduled = Atomic<Bool>(false)

    /// Opens a connection of its own to the database at `path`, which must already be in WAL mode.
    init(path: String) throws(SQLiteError) {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        // A checkpoint syncs the WAL before copying it and the database file after, as SQLite's own does.
        try connection.execute("PRAGMA synchronous = FULL")
        self.connection = Locked(connection)
    }

    /// Makes `writer` report its WAL size here after every commit, instead of checkpointing by itself.
    ///
    /// The checkpointer must stay alive as long as `writer` is open.
    func watch(_ writer: SQLiteConnection) {
        sqlite3_wal_hook(
            writer.rawHandle,
            { context, database, _, pages in
                guard let context else { return SQLITE_OK }
                let checkpointer = Unmanaged<Checkpointer>.fromOpaque(context).takeUnretainedValue()
                checkpointer.walDidGrow(to: pages, writer: database)
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops `writer` reporting here.
    func stopWatching(_ writer: SQLiteConnection) {
        sqlite3_wal_hook(writer.rawHandle, nil, nil)
    }

    /// Waits for a running checkpoint and closes the connection; later requests do nothing. Idempotent.
    func close() {
        queue.sync {}
        connection.withLock { connection in
            connection?.close()
            connection = nil
        }
    }

    /// Runs on the writer's thread, inside `COMMIT` after the commit is durable.
    private func walDidGrow(to pages: Int32, writer: OpaquePointer?) {
        if pages >= Checkpointer.inlinePages {
            // What the background has not copied yet, and the WAL can rewind at the next transaction.
            sqlite3_wal_checkpoint_v2(writer, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        } else if pages >= Checkpointer.backgroundPages,
            isScheduled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        {
            queue.async { self.checkpoint() }
        }
    }

    private func checkpoint() {
        connection.withLock { connection in
            guard let connection else { return }
            // Busy (another checkpoint is running) or failed: the next commit asks again.
            sqlite3_wal_checkpoint_v2(connection.rawHandle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
        isScheduled.store(false, ordering: .releasing)
    }
}
