import Foundation
import PlacesModel
import PlacesPersistence

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// A store opened through the fault VFS, with a model of every change it acknowledged, for the storage-fault
/// tests (the file is named to sit with them).
///
/// The model is built only from the outcomes the store reported as successes, never from its snapshots, so
/// comparing a snapshot with it checks both halves of the promise: every acknowledged change is there, and
/// nothing refused is.
final class FaultyStore {
    /// Holds the database and the crash images.
    let directory = TemporaryDirectory()
    /// The database's path.
    let path: String
    /// The hook the store's files consult.
    let faults = FaultInjection()
    /// The open store.
    private(set) var store: PlaceStore
    /// Every acknowledged change applied in order: each owner's places in list order.
    private(set) var model: [UserID: [Place]] = [:]
    private let clock = TestClock()
    private var crashImages = 0

    /// Opens a new store at `places.sqlite` in a fresh directory.
    init() throws {
        path = directory.file("places.sqlite")
        store = try FaultyStore.open(path, faults: faults, clock: clock)
    }

    deinit {
        store.close()
    }

    /// Opens `path` with `faults` attached (nil: plainly) and the shared test clock.
    static func open(_ path: String, faults: FaultInjection?, clock: TestClock) throws(StoreError) -> PlaceStore {
        var options = OpeningOptions()
        options.faultHook = faults
        return try waitingForTheLock(path) { () throws(StoreError) in
            try makeStore(path, options: options, clock: { clock.now() })
        }
    }

    /// Adds `count` places for each of `owners`, without faults.
    func seed(owners: [UserID] = [1, 2], count: Int = 4) throws {
        for owner in owners {
            let results = commit((0..<count).map { (.add(draft("place \(owner)-\($0)")), owner) })
            for result in results { _ = try result.get() }
        }
    }

    /// Submits `mutations` so that they form one batch (one transaction), waits for their results and applies
    /// the acknowledged ones to the model.
    func commit(_ mutations: [(Mutation, UserID)]) -> [Result<MutationOutcome, StoreError>] {
        let gate = WriterGate()
        gate.hold(store, with: .move(PlaceID.random(), toIndex: 0, ifVersion: nil), owner: 0)
        let results = Results()
        for (mutation, owner) in mutations {
            store.submit(mutation, owner: owner) { results.append($0) }
        }
        gate.open()
        // The completions of one batch run in submission order.
        let outcomes = results.wait(for: mutations.count)
        for (outcome, (_, owner)) in zip(outcomes, mutations) {
            if case .success(let success) = outcome { apply(success, owner: owner) }
        }
        return outcomes
    }

    /// Applies one acknowledged outcome to the model.
    private func apply(_ outcome: MutationOutcome, owner: UserID) {
        var places = model[owner] ?? []
        switch outcome {
        case .added(let place): places.append(place)
        case .updated(let place):
            if let index = places.firstIndex(where: { $0.id == place.id }) { places[index] = place }
        case .removed(let place): places.removeAll { $0.id == place.id }
        case .moved(let place, let index):
            places.removeAll { $0.id == place.id }
            places.insert(place, at: index)
        case .imported(let imported, _): places += imported
        case .undone: preconditionFailure("the fault tests submit no undo")
        }
        model[owner] = places.isEmpty ? nil : places
    }

    /// `snapshot`'s places by owner, in list order, leaving out owners without places.
    static func lists(_ snapshot: StoreSnapshot) -> [UserID: [Place]] {
        var lists: [UserID: [Place]] = [:]
        for owner in snapshot.owners where snapshot.count(of: owner) > 0 {
            lists[owner] = Array(snapshot.places(of: owner))
        }
        return lists
    }

    /// The model's places of `owner`.
    func places(of owner: UserID) -> [Place] {
        model[owner] ?? []
    }

    /// Whether the published snapshot holds exactly the acknowledged changes.
    var memoryMatchesModel: Bool {
        FaultyStore.lists(store.snapshot()) == model
    }

    /// Copies the database file and its WAL as they are now on disk, as a process killed at this instant
    /// leaves them (the writer must be idle), opens the copy as a new store and returns its places by owner.
    ///
    /// The copy has no `-shm`, so SQLite rebuilds the WAL index from the WAL file, as after a crash.
    func crashImage() throws -> [UserID: [Place]] {
        crashImages += 1
        let image = directory.file("crash-\(crashImages)")
        try FileManager.default.createDirectory(atPath: image, withIntermediateDirectories: false)
        let copy = image + "/places.sqlite"
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        let recovered = try FaultyStore.open(copy, faults: nil, clock: clock)
        defer { recovered.close() }
        return FaultyStore.lists(recovered.snapshot())
    }

    /// Closes the store and opens a new one on the same file (with the fault VFS again); returns its places.
    func reopen() throws -> [UserID: [Place]] {
        store.close()
        store = try FaultyStore.open(path, faults: faults, clock: clock)
        return FaultyStore.lists(store.snapshot())
    }

    /// Closes the store and opens the file plainly, without fault injection; returns its places. The store
    /// stays open (plainly) for the checks that follow.
    func reopenWithoutFaults() throws -> [UserID: [Place]] {
        store.close()
        store = try FaultyStore.open(path, faults: nil, clock: clock)
        return FaultyStore.lists(store.snapshot())
    }

    /// A short description of how the model and `lists` differ, for failure messages.
    func difference(from lists: [UserID: [Place]]) -> String {
        var lines: [String] = []
        for owner in Set(model.keys).union(lists.keys).sorted() {
            let expected = model[owner] ?? []
            let actual = lists[owner] ?? []
            guard expected != actual else { continue }
            let missing = expected.filter { !actual.contains($0) }.map(\.name)
            let extra = actual.filter { !expected.contains($0) }.map(\.name)
            lines.append("owner \(owner): missing \(missing), unexpected \(extra)")
        }
        return lines.joined(separator: "; ")
    }
}
