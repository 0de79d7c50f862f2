import PlacesModel
import PlacesPersistence

@testable import PlacesSealing
@testable import PlacesState

/// A shared engine made of another engine: every call goes to `engine`, and when `engine` is not shared
/// itself, the shared engine's own calls do what an engine with no other host would (nothing comes in, nothing
/// is sent ahead). Tests subclass it to change the calls they look at.
class WrappingEngine: SharedPersistenceEngine {
    let engine: any PersistenceEngine
    /// `engine` when it is a shared engine too (another wrapper), else nil.
    private let shared: (any SharedPersistenceEngine)?

    init(wrapping engine: any PersistenceEngine) {
        self.engine = engine
        self.shared = engine as? any SharedPersistenceEngine
    }

    var location: String { engine.location }
    var isEncrypted: Bool { engine.isEncrypted }
    var isLocked: Bool { engine.isLocked }
    var refusal: StoreError? { engine.refusal }
    var problem: String? { shared?.problem }
    var sendsAhead: Bool { shared?.sendsAhead ?? false }
    func load() -> StoreState { engine.load() }
    func beginBatch() -> CatchUp { shared?.beginBatch() ?? .changes([]) }

    func commit(_ writes: [PlaceWrite], changes: [LoggedChange], next: StoreState) -> EngineCommit {
        engine.commit(writes, changes: changes, next: next)
    }

    func sendAhead(_ additions: [LoggedChange]) -> Bool { shared?.sendAhead(additions) ?? false }

    func commitAhead(next: StoreState) -> EngineCommit {
        shared?.commitAhead(next: next) ?? .failed(reason: "nothing was sent ahead", reloaded: nil)
    }

    func endBatch() { shared?.endBatch() }
    func follow() -> CatchUp { shared?.follow() ?? .changes([]) }
    func startFollowing(_ wake: @escaping @Sendable (Int64?) -> Void) { shared?.startFollowing(wake) }

    func loggedChanges(after revision: Int64, of owner: UserID?) -> Result<[PlaceChange], StoreError> {
        engine.loggedChanges(after: revision, of: owner)
    }

    /// Read again by the wrapped shared engine; a local engine's committed state always follows its own log.
    func reload() -> Result<StoreState, StoreError> { shared?.reload() ?? .success(engine.load()) }
    func unlock(with key: StoreKey) -> Result<StoreState?, StoreError> { engine.unlock(with: key) }
    func close() { engine.close() }
}
