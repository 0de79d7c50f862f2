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
        lostAhead = nil
        guard isInBatch, let connection else { return }
        if isAhead {
            // The batch's COMMIT went out with its statements: whatever it did, the change log tells, and the
            // next batch or follow brings it in from there, as it would another host's (the last revision
            // stays where it was).
            isAhead = false
            isInBatch = false
            do throws(PGError) {
                let results = try connection.finish(with: [])
                // A statement that failed left the transaction open and aborted, its COMMIT skipped.
                if results.contains(where: { if case .failure = $0 { true } else { false } }) {
                    rollBack(connection)
                }
            } catch {
                _ = failing(.database(error))
            }
            return
        }
        rollBack(connection)
    }

    package func commit(_ writes: [PlaceWrite], changes: [LoggedChange], next: StoreState) -> EngineCommit {
        guard isInBatch, let connection else {
            return .failed(reason: "the connection to the database was lost before the commit", reloaded: nil)
        }
        isInBatch = false
        let pruning = pruning(upTo: next.revision)
        let commands = PostgresBatch.commands(
            for: changes, next: next, cipher: sealing.cipher, prunedBelow: prunedBelow,
            pruningBelow: pruning.below, pruningOlderThan: pruning.olderThan)
        _ = connection.takeWarnings()
        let results: [Result<PGResult, PGError>]
        do throws(PGFailure) {
            results = try connection.execute(commands)
        } catch {
            return lostDuringCommit(error)
        }
        return committed(results, on: connection, revision: next.revision, oldest: pruning.below)
    }

    package var sendsAhead: Bool { true }

    package func sendAhead(_ additions: [LoggedChange]) -> Bool {
        guard isInBatch, !isAhead, let connection, let last = additions.last else { return false }
        let pruning = pruning(upTo: last.change.storeRevision)
        aheadPruning = pruning.below
        let commands = PostgresBatch.commands(
            forAdditions: additions, cipher: sealing.cipher, prunedBelow: prunedBelow,
            pruningBelow: pruning.below, pruningOlderThan: pruning.olderThan)
        _ = connection.takeWarnings()
        do throws(PGError) {
            // The COMMIT goes with the statements, so that the transaction, and the counter's lock with it, ends
            // as soon as the server has run them, while this host is still making the changes in memory.
            try connection.start(commands + [PGCommand(sql: "COMMIT")], ending: true)
        } catch {
            // The connection failed while sending: the COMMIT may have gone out, so the batch's outcome is not
            // known, and `commitAhead` says so. The change log tells once the connection is back.
            _ = failing(.database(error))
            lostAhead = error.message
            return true
        }
        isAhead = true
        return true
    }

    package func commitAhead(next: StoreState) -> EngineCommit {
        if let lost = lostAhead {
            lostAhead = nil
            return .unknown(reason: "the connection to the database was lost while the batch was sent (\(lost))")
        }
        guard isInBatch, isAhead, let connection else {
            return .failed(reason: "the connection to the database was lost before the commit", reloaded: nil)
        }
        isInBatch = false
        isAhead = false
        let results: [Result<PGResult, PGError>]
        do throws(PGError) {
            results = try connection.finish(with: [])
        } catch {
            return lostDuringCommit(.database(error))
        }
        return committed(results, on: connection, revision: next.revision, oldest: aheadPruning)
    }

    /// Where the log is pruned in a batch that takes the store to `revision`: below the oldest entry kept by
    /// count, and, once a minute, by age.
    private func pruning(upTo revision: Int64) -> (below: Int64?, olderThan: Int64?) {
        let now = Self.monotonicMilliseconds()
        let oldest = revision - Int64(limits.maximumEntries) + 1
        var maximumAge: Int64?
        if now - lastAgePruning >= 60_000 {
            lastAgePruning = now
            maximumAge = Int64(limits.maximumAgeSeconds)
        }
        return (oldest > 1 ? oldest : nil, maximumAge)
    }

    /// How a commit whose connection failed on the way ended: the COMMIT may have reached the server, and the
    /// log tells once the connection is back.
    private func lostDuringCommit(_ error: PGFailure) -> EngineCommit {
        _ = failing(error)
        return .unknown(reason: "the connection to the database was lost during the commit (\(error.reason))")
    }

    /// How a batch whose statements and COMMIT gave `results` ended, taking the store to `revision` with the log
    /// pruned below `oldest`.
    private func committed(
        _ results: [Result<PGResult, PGError>], on connection: PGConnection, revision: Int64, oldest: Int64?
    ) -> EngineCommit {
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
        lastRevision = revision
        if let oldest, oldest > prunedBelow { prunedBelow = oldest }
        return .committed(reloaded: nil)
    }

    /// Ends the open transaction, if the connection still works (a lost one ended it anyway).
    func rollBack(_ connection: PGConnection) {
        isInBatch = false
        guard connection.isOpen else { return }
        _ = try? connection.execute([PGCommand(sql: "ROLLBACK")])
    }
}
