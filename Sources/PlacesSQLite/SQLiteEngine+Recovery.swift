import PlacesModel
import PlacesPersistence
import PlacesSealing
import PlacesState

extension SQLiteEngine {
    /// Puts the database back to the last committed state after a failed batch and says whether it committed.
    ///
    /// If the transaction is still open it is rolled back. If SQLite already ended it, the stored store revision
    /// tells whether the commit happened after all. If the rollback fails (or the revision cannot be read), the
    /// connection is closed, which discards the unfinished transaction, and the database is reopened and reloaded
    /// into memory: what the disk says is then the truth, and the batch succeeded exactly if its revision is there.
    func recover(
        from error: SQLiteError, next: StoreState, database: WriterDatabase, injectedFault: InjectedCommitFault?
    ) -> EngineCommit {
        let failed = EngineCommit.failed(reason: error.message, reloaded: nil)
        let connection = database.connection
        if connection.isInTransaction {
            do throws(SQLiteError) {
                if injectedFault == .commitAndRollback {
                    throw SQLiteError(code: error.code, message: "disk I/O error (injected)")
                }
                try database.statements.rollbackTransaction()
                return failed
            } catch {
                return reopen(failed: failed, next: next)
            }
        }
        do throws(SQLiteError) {
            guard try database.statements.storeRevision() == next.revision else {
                overwriteRefusedFrames(in: database)
                return failed
            }
            adopt(next)
            return .committed(reloaded: nil)
        } catch {
            return reopen(failed: failed, next: next)
        }
    }

    /// Commits the unchanged store revision over the frames a refused transaction may have left in the WAL.
    ///
    /// A commit that failed at the WAL's fsync leaves the whole transaction in the WAL file, commit frame
    /// included, just past the last committed frame. SQLite ignores it while the database is open, but the WAL
    /// recovery that runs after a crash (or after the last connection closed without checkpointing) would replay
    /// it and bring the refused batch back. A transaction written from the same place breaks the checksum chain
    /// recovery follows, even if its own fsync fails too; it changes nothing. The revision is written twice
    /// because SQLite does not write a row whose bytes stay the same.
    private func overwriteRefusedFrames(in database: WriterDatabase) {
        let statements = database.statements
        do throws(SQLiteError) {
            try statements.beginTransaction()
            try statements.saveStoreRevision(-1)
            try statements.saveStoreRevision(state.revision)
            try statements.commitTransaction()
        } catch {
            // Left open only if this rollback fails too: the next batch's recovery then reopens the database.
            if database.connection.isInTransaction { try? statements.rollbackTransaction() }
        }
    }

    private func reopen(failed: EngineCommit, next: StoreState) -> EngineCommit {
        let loaded: StoreState
        do throws(StoreError) {
            loaded = try replaceDatabase()
        } catch {
            markUnavailable("\(error)")
            return failed
        }
        adopt(loaded)
        guard loaded.revision != next.revision else { return .committed(reloaded: loaded) }
        guard case .failed(let reason, _) = failed else { return failed }
        return .failed(reason: reason, reloaded: loaded)
    }
}
