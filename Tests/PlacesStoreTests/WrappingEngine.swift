import PlacesModel
import PlacesPersistence

@testable import PlacesSealing
@testable import PlacesState

/// An engine that hands every call to `engine`: tests subclass it to change the calls they look at.
class WrappingEngine: PersistenceEngine {
    let engine: any PersistenceEngine

    init(wrapping engine: any PersistenceEngine) {
        self.engine = engine
    }

    var location: String { engine.location }
    var isEncrypted: Bool { engine.isEncrypted }
    var isLocked: Bool { engine.isLocked }
    var refusal: StoreError? { engine.refusal }
    var problem: String? { engine.problem }
    var sendsAhead: Bool { engine.sendsAhead }
    func load() -> StoreState { engine.load() }
    func beginBatch() -> CatchUp { engine.beginBatch() }

    func commit(_ writes: [PlaceWrite], changes: [LoggedChange], next: StoreState) -> EngineCommit {
        engine.commit(writes, changes: changes, next: next)
    }

    func sendAhead(_ additions: [LoggedChange]) -> Bool { engine.sendAhead(additions) }
    func commitAhead(next: StoreState) -> EngineCommit { engine.commitAhead(next: next) }
    func endBatch() { engine.endBatch() }
    func follow() -> CatchUp { engine.follow() }
    func startFollowing(_ wake: @escaping @Sendable (Int64?) -> Void) { engine.startFollowing(wake) }

    func loggedChanges(after revision: Int64, of owner: UserID?) -> Result<[PlaceChange], StoreError> {
        engine.loggedChanges(after: revision, of: owner)
    }

    func reload() -> Result<StoreState, StoreError> { engine.reload() }
    func unlock(with key: StoreKey) -> Result<StoreState?, StoreError> { engine.unlock(with: key) }
    func close() { engine.close() }
}
