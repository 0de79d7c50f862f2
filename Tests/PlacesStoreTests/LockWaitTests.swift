import Dispatch
import PlacesLocking
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

    /// A notification can come while a batch waits for the lock, naming a change that the batch then brings in
    /// with the lock: the follow it asked for would read the log again for nothing.
    @Test func aWakeUpForARevisionABatchBroughtInReadsNoMore() throws {
        let gate = WriterGate()
        let probe = FollowProbe()
        let store = try PlaceStore(
            engine: LockWaitingEngine(
                wrapping: SQLiteEngine(path: directory.file("places.sqlite"), key: nil), gate: gate, probe: probe))
        defer { store.close() }
        let results = Results()
        store.submit(.add(draft("first")), owner: 1) { results.append($0) }
        gate.waitUntilHeld()
        probe.wake(1)
        gate.open()
        #expect((try? results.wait(for: 1)[0].get()) != nil)
        finishQueuedWork(of: store)
        #expect(store.snapshot().revision == 1)
        #expect(probe.follows == 0, "revision 1 came with the batch")

        probe.wake(2)
        finishQueuedWork(of: store)
        #expect(probe.follows == 1, "revision 2 is not here yet")
        probe.wake(nil)
        finishQueuedWork(of: store)
        #expect(probe.follows == 2, "a poll always reads the log")
    }

    /// Returns once everything queued on the store's writer so far has run.
    private func finishQueuedWork(of store: PlaceStore) {
        let done = DispatchSemaphore(value: 0)
        store.afterQueuedWork { done.signal() }
        done.wait()
    }
}

/// An SQLite engine whose batches begin only once `gate` lets them.
final class LockWaitingEngine: WrappingEngine {
    private let gate: WriterGate
    private let probe: FollowProbe

    init(wrapping engine: SQLiteEngine, gate: WriterGate, probe: FollowProbe = FollowProbe()) {
        self.gate = gate
        self.probe = probe
        super.init(wrapping: engine)
    }

    override func beginBatch() -> CatchUp {
        gate.pass()
        return super.beginBatch()
    }

    override func follow() -> CatchUp {
        probe.followed()
        return super.follow()
    }

    override func startFollowing(_ wake: @escaping @Sendable (Int64?) -> Void) {
        probe.wakeUp.withLock { $0 = wake }
        super.startFollowing(wake)
    }
}

/// The store's side of an engine's following, as a test sees it: the wake-up function it gave the engine, and how
/// many times it followed the log.
final class FollowProbe: Sendable {
    let wakeUp = Locked<(@Sendable (Int64?) -> Void)?>(nil)
    private let count = Locked(0)

    /// How many times the store followed the log.
    var follows: Int { count.withLock { $0 } }

    /// Wakes the store as a notification naming `revision` (nil: the poll timer) would.
    func wake(_ revision: Int64?) {
        wakeUp.withLock { $0 }?(revision)
    }

    /// Called by the engine when the store follows.
    func followed() {
        count.withLock { $0 += 1 }
    }
}
