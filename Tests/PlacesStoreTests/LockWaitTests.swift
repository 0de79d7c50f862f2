import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore

/// A batch over an engine shared by many hosts first waits for the store's write lock (`beginBatch()`): what
/// comes in meanwhile goes into the same transaction, so that each turn with the lock commits all that waits.
@Suite struct LockWaitTests {
    let directory = TemporaryDirectory()

    @Test func changesThatComeInWhileABatchWaitsForTheLockJoinIt() throws {
        let gate = WriterGate()
        let engine = try LockWaitingEngine(
            wrapping: SQLiteEngine(path: directory.file("places.sqlite"), key: nil), gate: gate)
        let store = PlaceStore(engine: engine)
        defer { store.close() }
        let results = Results()
        let before = store.committedTransactionCount
        store.submit(.add(draft("first")), owner: 1) { results.append($0) }
        gate.waitUntilHeld()
        for index in 0..<50 {
            store.submit(.add(draft("p\(index)")), owner: 1) { results.append($0) }
        }
        gate.open()
        let outcomes = results.wait(for: 51)
        #expect(outcomes.allSatisfy { (try? $0.get()) != nil })
        #expect(store.committedTransactionCount == before + 1, "the first change and the 50 after it, one commit")
        #expect(store.snapshot().places(of: 1).map(\.name) == ["first"] + (0..<50).map { "p\($0)" })
    }
}

/// An SQLite engine whose batches begin only once `gate` lets them.
final class LockWaitingEngine: PersistenceEngine {
    private let engine: SQLiteEngine
    private let gate: WriterGate

    init(wrapping engine: SQLiteEngine, gate: WriterGate) {
        self.engine = engine
        self.gate = gate
    }

    var location: String { engine.location }
    var isEncrypted: Bool { engine.isEncrypted }
    var isLocked: Bool { engine.isLocked }
    var refusal: StoreError? { engine.refusal }
    var problem: String? { engine.problem }
    func load() -> StoreState { engine.load() }

    func beginBatch() -> CatchUp {
        gate.pass()
        return engine.beginBatch()
    }

    func commit(_ writes: [PlaceWrite], changes: [LoggedChange], next: StoreState) -> EngineCommit {
        engine.commit(writes, changes: changes, next: next)
    }

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
