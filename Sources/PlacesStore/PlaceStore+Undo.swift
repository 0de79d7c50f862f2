import PlacesModel
import PlacesState

extension PlaceStore {
    /// Reverts `owner`'s last `count` changes as new changes, all or nothing; `completion` runs on the writer's
    /// queue with the changes reverted (newest first), or why the undo was refused.
    ///
    /// The inverses are worked out on the writer's queue, from the change log and the state between two batches,
    /// then committed as one mutation that the writer refuses if the owner's list changed meanwhile.
    public func undo(
        count: Int, owner: UserID, completion: @escaping @Sendable (Result<MutationOutcome, StoreError>) -> Void
    ) {
        queue.async {
            let plan = self.writer.withLock { writer -> Result<UndoPlan, StoreError> in
                writer.loggedChanges(of: owner).flatMap { log in
                    Result { () throws(StoreError) in
                        try UndoPlanner(log: log, state: writer.state, owner: owner)
                            .plan(count: count)
                    }
                }
            }
            switch plan {
            case .success(let plan): self.submit(.undo(plan), owner: owner, completion: completion)
            case .failure(let error): completion(.failure(error))
            }
        }
    }

    /// Runs `body` on the writer's queue with `owner`'s logged changes, oldest first, as far as the log holds
    /// them (an undo's changes with the revision they reverted, `PlaceChange.undid`).
    public func loggedChanges(
        of owner: UserID, _ body: @escaping @Sendable (Result<[PlaceChange], StoreError>) -> Void
    ) {
        queue.async {
            let changes = self.writer.withLock { writer in writer.loggedChanges(of: owner) }
            body(changes)
        }
    }
}
