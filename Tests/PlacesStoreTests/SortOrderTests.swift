import PlacesModel
import Testing

@testable import PlacesState

/// `places.list`'s orders, filters and paging on a state, and the kept orders the writer maintains.
@Suite struct SortOrderTests {
    private let owner: UserID = 1000
    private var ids = SeededGenerator(seed: 42)

    /// A state with `names` added in order, one millisecond apart.
    private mutating func state(_ names: [String], visited: Set<Int> = []) throws -> StoreState {
        var state = StoreState()
        for (index, name) in names.enumerated() {
            let draft = try PlaceDraft(
                name: name, latitude: Double(index), longitude: Double(index), isVisited: visited.contains(index))
            _ = try state.apply(
                .add(draft), owner: owner, now: Timestamp(millisecondsSinceEpoch: Int64(index)),
                maximumPlacesPerOwner: 1000, generator: &ids)
        }
        return state
    }

    private func names(_ snapshot: StoreSnapshot, _ request: ListingRequest) throws -> [String] {
        try snapshot.listing(request, owner: owner).page.map(\.place.name)
    }

    @Test mutating func sortsByFoldedNameWithTiesByID() throws {
        let snapshot = StoreSnapshot(state: try state(["zeta", "Zürich", "alpha", "Éclair", "ALPHA", "beta"]))
        let sorted = try snapshot.listing(ListingRequest(sort: .name), owner: owner).page.map(\.place)
        #expect(
            sorted.map(\.name).map { TextFolding.folded($0) }
                == ["alpha", "alpha", "beta", "eclair", "zeta", "zurich"].map { Array($0.utf8) })
        #expect(sorted[0].id < sorted[1].id, "equal folded names go by id")
        let descending = try names(snapshot, ListingRequest(sort: .name, direction: .descending))
        #expect(descending == sorted.reversed().map(\.name))
    }

    @Test mutating func sortsByTimesAndPosition() throws {
        let snapshot = StoreSnapshot(state: try state(["c", "a", "b"]))
        #expect(try names(snapshot, ListingRequest(sort: .createdAt)) == ["c", "a", "b"])
        #expect(try names(snapshot, ListingRequest(sort: .updatedAt, direction: .descending)) == ["b", "a", "c"])
        #expect(try names(snapshot, ListingRequest(sort: .position, direction: .descending)) == ["b", "a", "c"])
    }

    @Test mutating func sortsByDistanceFromAPoint() throws {
        let snapshot = StoreSnapshot(state: try state(["zero", "one", "two", "three"]))
        let request = ListingRequest(sort: .distance, origin: Coordinate(latitude: 2.1, longitude: 2.1))
        #expect(try names(snapshot, request) == ["two", "three", "one", "zero"])
        #expect(throws: ListingError.missingOrigin) {
            try snapshot.listing(ListingRequest(sort: .distance), owner: owner)
        }
    }

    @Test mutating func filtersAndCountsMatches() throws {
        let snapshot = StoreSnapshot(state: try state(["Zürich", "Zug", "Bern", "Basel"], visited: [1, 2]))
        let unvisited = try snapshot.listing(
            ListingRequest(sort: .name, filter: PlaceFilter(visited: false)), owner: owner)
        #expect(unvisited.total == 2)
        #expect(unvisited.page.map(\.place.name) == ["Basel", "Zürich"])
        let query = ListingRequest(sort: .name, filter: PlaceFilter(query: TextQuery("ZU")), limit: 1)
        let found = try snapshot.listing(query, owner: owner)
        #expect(found.total == 2 && found.page.map(\.place.name) == ["Zug"])
    }

    @Test mutating func pagesAfterAPlaceWhileOthersAreAdded() throws {
        var state = try state(["d", "b", "f", "h"])
        let first = try StoreSnapshot(state: state).listing(ListingRequest(sort: .name, limit: 2), owner: owner)
        #expect(first.page.map(\.place.name) == ["b", "d"])
        _ = try state.apply(
            .add(PlaceDraft(name: "a", latitude: 0, longitude: 0)), owner: owner,
            now: Timestamp(millisecondsSinceEpoch: 99), maximumPlacesPerOwner: 1000, generator: &ids)
        let next = try StoreSnapshot(state: state).listing(
            ListingRequest(sort: .name, after: first.page.last?.place.id, limit: 2), owner: owner)
        #expect(next.page.map(\.place.name) == ["f", "h"])
        let back = try StoreSnapshot(state: state).listing(
            ListingRequest(sort: .name, direction: .descending, after: next.page.first?.place.id), owner: owner)
        #expect(back.page.map(\.place.name) == ["d", "b", "a"])
        #expect(throws: ListingError.notFound(PlaceID(high: 1, low: 1))) {
            try StoreSnapshot(state: state).listing(ListingRequest(after: PlaceID(high: 1, low: 1)), owner: owner)
        }
    }

    /// After the first sorted read, random changes keep every kept order equal to a fresh sort, and the snapshots
    /// taken along the way keep the order they had.
    @Test(arguments: [1, 2, 3] as [UInt64])
    mutating func keptOrdersFollowEveryChange(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var state = try state((0..<40).map { "place \($0 % 13)" })
        for key in PlaceOrderKey.allCases {
            _ = StoreSnapshot(state: state).keptOrder(key, of: owner)
        }
        var kept: [(StoreSnapshot, [String])] = []
        for step in 0..<300 {
            let places = Array(state.lists[owner]!.places)
            let place = places.randomElement(using: &random)!
            let mutation: Mutation
            switch Int.random(in: 0..<4, using: &random) {
            case 0: mutation = .add(try PlaceDraft(name: "Ä \(step % 17)", latitude: 1, longitude: 1))
            case 1: mutation = .update(place.id, try PlacePatch(name: "é \(step % 7)"), ifVersion: nil)
            case 2:
                mutation =
                    places.count > 5
                    ? .remove(place.id, ifVersion: nil) : .add(try PlaceDraft(name: "x", latitude: 0, longitude: 0))
            default:
                mutation = .move(place.id, toIndex: Int.random(in: 0..<places.count, using: &random), ifVersion: nil)
            }
            _ = try state.apply(
                mutation, owner: owner, now: Timestamp(millisecondsSinceEpoch: 1000 + Int64(step)),
                maximumPlacesPerOwner: 1000, generator: &ids)
            let list = try #require(state.lists[owner])
            #expect(Set(list.orders.keys) == Set(PlaceOrderKey.allCases), "the writer keeps every order asked for")
            for key in PlaceOrderKey.allCases {
                let fresh = OrderIndex(key: key, of: list.places)
                #expect(ids(of: list.orders.index(key)!) == ids(of: fresh), "step \(step), \(key)")
            }
            if step % 50 == 0 {
                let snapshot = StoreSnapshot(state: state)
                kept.append((snapshot, try names(snapshot, ListingRequest(sort: .name))))
            }
        }
        for (snapshot, names) in kept {
            #expect(try self.names(snapshot, ListingRequest(sort: .name)) == names)
        }
    }

    private func ids(of order: OrderIndex) -> [PlaceID] {
        var ids: [PlaceID] = []
        order.forEach(in: 0..<order.count, descending: false) { ids.append($0.place.id) }
        return ids
    }

    @Test mutating func resolvesNamesPrefixesAndIDs() throws {
        let state = try state(["Zürich", "Zug", "zurich", "Bern"])
        let snapshot = StoreSnapshot(state: state)
        let exact = snapshot.resolve("ZURICH", owner: owner, limit: 10)
        #expect(exact.match == .name && exact.candidates.count == 2)
        let prefix = snapshot.resolve("be", owner: owner, limit: 10)
        #expect(prefix.match == .namePrefix && prefix.candidates.map(\.name) == ["Bern"])
        let ambiguous = snapshot.resolve("zu", owner: owner, limit: 2)
        #expect(ambiguous.match == .namePrefix && ambiguous.candidates.count == 2 && ambiguous.hasMore)
        let bern = ambiguous.candidates.isEmpty ? nil : prefix.candidates[0]
        let idPrefix = String(try #require(bern).id.description.prefix(8))
        let byID = snapshot.resolve(idPrefix, owner: owner, limit: 10)
        #expect(byID.match == .idPrefix && byID.candidates.map(\.name) == ["Bern"])
        #expect(snapshot.resolve("nowhere", owner: owner, limit: 10).match == .none)
        #expect(snapshot.resolve("Bern", owner: 1, limit: 10).match == .none, "another user's places are not named")
    }
}
