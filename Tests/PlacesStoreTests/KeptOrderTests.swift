import Dispatch
import PlacesLocking
import PlacesModel
import Testing

@testable import PlacesState

/// The kept orders (`OrderIndex`) on trees of several levels: changed in place by the writer where no snapshot
/// shares a node, copied where one does, and ordering names that agree in their leading bytes.
@Suite struct KeptOrderTests {
    private let owner: UserID = 1000
    private var ids = SeededGenerator(seed: 7)
    private var clock: Int64 = 0

    /// Names that agree in their first 8 or 16 folded bytes or more, differ only in case or accents past them,
    /// or are prefixes of each other around the 16-byte mark.
    private static let names = [
        "Place 123456", "place 123457", "PLACE 12345", "Place 1234567", "abcdefghijklmnop", "ABCDEFGHIJKLMNOP",
        "abcdefghijklmno", "abcdefghijklmnopq", "abcdefghijklmnoq", "abcdefghijklmnoP", "Rue de la République 12",
        "rue de la republique 12", "Rue de la Republique 1", "rue de la république", "Zürich Hauptbahnhof Nord",
        "zurich hauptbahnhof nord 2", "Zurich Hauptbahnhof", "a", "A",
    ]

    /// A name for step `step`: one of `names`, or a long one sharing its first sixteen bytes with many others.
    private static func name(_ step: Int, _ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: names.randomElement(using: &random)!
        case 1: "Place with a long prefix \(Int.random(in: 0..<500, using: &random))"
        default: "Place \(step % 1000)"
        }
    }

    private mutating func apply(_ mutation: Mutation, to state: inout StoreState) throws -> AppliedMutation {
        clock += 1
        return try state.apply(
            mutation, owner: owner, now: Timestamp(millisecondsSinceEpoch: clock), maximumPlacesPerOwner: 100_000,
            generator: &ids)
    }

    /// A state of `count` places named by `name(_:_:)`, with every kept order built.
    private mutating func state(_ count: Int, _ random: inout SeededGenerator) throws -> StoreState {
        var state = StoreState()
        for step in 0..<count {
            _ = try apply(.add(try PlaceDraft(name: Self.name(step, &random), latitude: 1, longitude: 1)), to: &state)
        }
        for key in PlaceOrderKey.allCases { _ = StoreSnapshot(state: state).keptOrder(key, of: owner) }
        return state
    }

    /// The ids of `order`, first to last.
    private static func ids(of order: OrderIndex) -> [PlaceID] {
        var ids: [PlaceID] = []
        order.forEach(in: 0..<order.count, descending: false) { ids.append($0.place.id) }
        return ids
    }

    /// `places` by folded name, ties by id, sorted without the order's keys.
    private static func byName(_ places: [Place]) -> [PlaceID] {
        places.map { (TextFolding.folded($0.name), $0.id) }
            .sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0.lexicographicallyPrecedes($1.0) }
            .map(\.1)
    }

    /// Every kept order equals a fresh sort of the list, and the name order (which must be kept) a sort by the
    /// folded names themselves.
    private func expectOrdersMatch(_ state: StoreState, _ context: String) throws {
        let list = try #require(state.lists[owner])
        for key in list.orders.keys {
            let kept = try #require(list.orders.index(key))
            #expect(kept.count == list.places.count, "\(context), \(key)")
            #expect(Self.ids(of: kept) == Self.ids(of: OrderIndex(key: key, of: list.places)), "\(context), \(key)")
        }
        let named = Self.ids(of: try #require(list.orders.index(.name)))
        #expect(named == Self.byName(Array(list.places)), "\(context)")
    }

    @Test mutating func namesEqualInTheirFirstSixteenBytesGoByTheRestThenByID() throws {
        var state = StoreState()
        for name in Self.names + Self.names {
            _ = try apply(.add(try PlaceDraft(name: name, latitude: 0, longitude: 0)), to: &state)
        }
        _ = StoreSnapshot(state: state).keptOrder(.name, of: owner)
        for name in Self.names.reversed() {
            _ = try apply(.add(try PlaceDraft(name: name, latitude: 0, longitude: 0)), to: &state)
        }
        try expectOrdersMatch(state, "after adds")
        let sorted = try StoreSnapshot(state: state).listing(ListingRequest(sort: .name), owner: owner).page
        let folded = sorted.map { String(decoding: TextFolding.folded($0.place.name), as: UTF8.self) }
        let sixteen = folded.filter { $0.hasPrefix("abcdefghijklmno") }
        #expect(
            sixteen == Array(repeating: "abcdefghijklmno", count: 3) + Array(repeating: "abcdefghijklmnop", count: 9)
                + Array(repeating: "abcdefghijklmnopq", count: 3) + Array(repeating: "abcdefghijklmnoq", count: 3))
        let places = sorted.map(\.place)
        #expect(places.map(\.id) == Self.byName(places))
    }

    /// Adds, renames, removals, moves and undos on a tree of several levels keep every order equal to a fresh
    /// sort, while the snapshots taken along the way (which share nodes with the writer's state) keep theirs.
    @Test(arguments: [11, 12] as [UInt64])
    mutating func ordersFollowChangesAndSnapshotsKeepTheirs(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var state = try state(1500, &random)
        var kept: [(StoreSnapshot, [PlaceID])] = []
        var removed: [(Place, index: Int)] = []
        for step in 0..<1200 {
            let places = Array(state.lists[owner]!.places)
            let index = Int.random(in: 0..<places.count, using: &random)
            let place = places[index]
            let mutation: Mutation
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3: mutation = .add(try PlaceDraft(name: Self.name(step, &random), latitude: 2, longitude: 2))
            case 3..<5:
                mutation = .update(place.id, try PlacePatch(name: Self.name(step, &random)), ifVersion: nil)
            case 5..<7:
                mutation = .remove(place.id, ifVersion: nil)
                removed.append((place, index))
            case 7:
                mutation = .move(place.id, toIndex: Int.random(in: 0..<places.count, using: &random), ifVersion: nil)
            default:
                guard let (gone, at) = removed.popLast() else { continue }
                let revision = state.lists[owner]!.revision
                let change = PlaceChange(kind: .removed, revision: revision, storeRevision: revision, place: gone)
                mutation = .undo(
                    UndoPlan(
                        steps: [UndoPlan.Step(reverting: change, with: .restore(gone, index: at))],
                        ownerRevision: revision))
            }
            _ = try apply(mutation, to: &state)
            if step == 0 {
                #expect(Set(state.lists[owner]!.orders.keys) == Set(PlaceOrderKey.allCases))
            }
            if step % 100 == 0 {
                try expectOrdersMatch(state, "step \(step)")
                let snapshot = StoreSnapshot(state: state)
                kept.append((snapshot, Self.ids(of: snapshot.keptOrder(.name, of: owner))))
            }
        }
        try expectOrdersMatch(state, "end")
        for (snapshot, ids) in kept {
            #expect(Self.ids(of: snapshot.keptOrder(.name, of: owner)) == ids)
        }
    }

    /// Changes nobody reads wait in the kept order until there are `KeptOrder.pendingLimit` of them, then the
    /// writer applies them; a reader brings the order up to date for its snapshot, and the writer takes that over.
    @Test mutating func changesWaitUntilReadOrUntilTheLimit() throws {
        var random = SeededGenerator(seed: 5)
        var state = try state(600, &random)
        var sawPending = false
        var sawCurrent = false
        for step in 0..<(KeptOrder.pendingLimit * 2) {
            let place = Array(state.lists[owner]!.places).randomElement(using: &random)!
            let mutation: Mutation =
                step % 2 == 0
                ? .add(try PlaceDraft(name: Self.name(step, &random), latitude: 4, longitude: 4))
                : .update(place.id, try PlacePatch(name: Self.name(step, &random)), ifVersion: nil)
            _ = try apply(mutation, to: &state)
            let kept = try #require(state.lists[owner]!.orders.order(.name))
            if kept.isCurrent { sawCurrent = true } else { sawPending = true }
        }
        #expect(sawPending && sawCurrent, "changes waited, and the writer applied them at the limit")
        try expectOrdersMatch(state, "unread")
        if state.lists[owner]!.orders.order(.name)!.isCurrent {
            _ = try apply(.add(try PlaceDraft(name: "Place 1", latitude: 5, longitude: 5)), to: &state)
        }
        #expect(state.lists[owner]!.orders.order(.name)!.pendingCount > 0)
        let read = Self.ids(of: StoreSnapshot(state: state).keptOrder(.name, of: owner))
        _ = try apply(.add(try PlaceDraft(name: "Place 0", latitude: 5, longitude: 5)), to: &state)
        let kept = try #require(state.lists[owner]!.orders.order(.name))
        #expect(kept.pendingCount == 1, "the writer took over the order the reader brought up to date")
        #expect(kept.index.count == read.count)
        try expectOrdersMatch(state, "read")
    }

    /// Readers on other threads walk the orders of published snapshots while the writer changes its state: each
    /// snapshot's order stays sorted and as long as its list.
    @Test mutating func readersOfSnapshotsSeeTheirOrderWhileTheWriterChangesIt() throws {
        var random = SeededGenerator(seed: 3)
        var state = try state(800, &random)
        let published = Locked(StoreSnapshot(state: state))
        let done = Locked(false)
        let failures = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                while !done.withLock({ $0 }) {
                    let snapshot = published.withLock { $0 }
                    let order = snapshot.keptOrder(.name, of: 1000)
                    var places: [Place] = []
                    order.forEach(in: 0..<order.count, descending: false) { places.append($0.place) }
                    if places.map(\.id) != Self.byName(places) || places.count != snapshot.count(of: 1000) {
                        failures.withLock { $0 += 1 }
                    }
                }
            }
        }
        for step in 0..<600 {
            let places = Array(state.lists[owner]!.places)
            let place = places.randomElement(using: &random)!
            let mutation: Mutation =
                step % 3 == 2
                ? .remove(place.id, ifVersion: nil)
                : .add(try PlaceDraft(name: Self.name(step, &random), latitude: 3, longitude: 3))
            _ = try apply(mutation, to: &state)
            if step % 5 == 0 {
                let snapshot = StoreSnapshot(state: state)
                published.withLock { $0 = snapshot }
            }
        }
        done.withLock { $0 = true }
        group.wait()
        #expect(failures.withLock { $0 } == 0)
        try expectOrdersMatch(state, "end")
    }
}
