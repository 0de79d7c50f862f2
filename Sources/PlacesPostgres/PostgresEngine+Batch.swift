import PlacesModel
import PlacesPersistence
import PlacesState

extension PostgresEngine {
    /// Starts the transaction, takes the counter row's lock and reads the change log after this host's state,
    /// in one round trip: what it returns was committed before the lock was granted, and nothing commits after
    /// it until this transaction ends.
    package func beginBatch() -> CatchUp {
        // A failure drops the connection, which ends the transaction (see `failing`).
        let begun = onConnection { connection throws(PGFailure) -> CatchUp in
            let results = try connection.execute([
                PGCommand(sql: "BEGIN"), PGCommand(PostgresSchema.lockCounter),
                PGCommand(PostgresSchema.changesAfter, [.int(lastRevision), .int(Int64(Self.longestCatchUp))]),
            ])
            let counter = try results[1].value()
            guard counter.rowCount == 1, counter.bytes(0, 1) == sealing.keyCheck else {
                throw .damaged("the store's key changed since placesd loaded it: restart placesd")
            }
            isInBatch = true
            return try catchUp(to: counter.int64(0, 0), from: results[2].value(), inTransaction: true)
        }
        switch begun {
        case .success(let catchUp): return catchUp
        case .failure(let error): return .failed(error)
        }
    }

    package func endBatch() {
        guard isInBatch, let connection else { return }
        rollBack(connection)
    }

    package func commit(_ writes: [PlaceWrite], changes: [LoggedChange], next: StoreState) -> EngineCommit {
        guard isInBatch, let connection else {
            return .failed(reason: "the connection to the database was lost before the commit", reloaded: nil)
        }
        isInBatch = false
        let now = Self.monotonicMilliseconds()
        let oldest = next.revision - Int64(limits.maximumEntries) + 1
        var maximumAge: Int64?
        if now - lastAgePruning >= 60_000 {
            lastAgePruning = now
            maximumAge = Int64(limits.maximumAgeSeconds)
        }
        let commands = PostgresBatch.commands(
            for: changes, next: next, cipher: sealing.cipher, prunedBelow: prunedBelow,
            pruningBelow: oldest > 1 ? oldest : nil, pruningOlderThan: maximumAge)
        _ = connection.takeWarnings()
        let results: [Result<PGResult, PGError>]
        do throws(PGFailure) {
            results = try connection.execute(commands)
        } catch {
            // The COMMIT may have reached the server: the log tells once the connection is back.
            _ = failing(error)
            return .unknown(reason: "the connection to the database was lost during the commit (\(error.reason))")
        }
        for case .failure(let error) in results {
            // The statements after the failed one, COMMIT included, were skipped: the transaction is still open
            // and aborted. Dropping the connection ends it.
            _ = failing(.database(error))
            return .failed(reason: error.message, reloaded: nil)
        }
        guard case .success(let ending) = results.last, ending.commandTag == "COMMIT" else {
            return .failed(reason: "the database rolled the transaction back", reloaded: nil)
        }
        if let warning = connection.takeWarnings().first(where: { $0.contains("committed locally") }) {
            // Committed here but not confirmed by the synchronous standby: the log brings it in like another
            // host's change, and the client learns that the outcome is unknown.
            return .unknown(reason: warning)
        }
        lastRevision = next.revision
        if oldest > prunedBelow { prunedBelow = oldest }
        return .committed(reloaded: nil)
    }

    /// Ends the open transaction, if the connection still works (a lost one ended it anyway).
    func rollBack(_ connection: PGConnection) {
        isInBatch = false
        guard connection.isOpen else { return }
        _ = try? connection.execute([PGCommand(sql: "ROLLBACK")])
    }
}
