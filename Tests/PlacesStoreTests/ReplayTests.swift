import PlacesModel
import Testing

@testable import PlacesState

/// A host that did not make a change applies it from the change log (`StoreState.replay`): its state must end
/// up exactly as the state of the host that made it, rows and positions included.
@Suite struct ReplayTests {
    /// Applies random mutations of two owners to one state, replays what they logged on another, and compares.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func replayingTheLogGivesTheSameState(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var ids = SeededGenerator(seed: seed + 100)
        var original = StoreState()
        var follower = StoreState()
        var live: [UserID: [PlaceID]] = [1000: [], 1001: []]
        for step in 0..<3_000 {
            let owner: UserID = Bool.random(using: &random) ? 1000 : 1001
            let mutation: Mutation
            let places = live[owner]!
            switch places.isEmpty ? 0 : Int.random(in: 0..<10, using: &random) {
            case 0...2:
                mutation = .add(draft("place \(step)", latitude: .random(in: -80...80, using: &random)))
            case 3:
                mutation = .importPlaces((0..<3).map { PlaceImport(id: nil, draft: draft("imported \(step) \($0)")) })
            case 4:
                mutation = .update(places.randomElement(using: &random)!, rename("renamed \(step)"), ifVersion: nil)
            case 5:
                mutation = .remove(places.randomElement(using: &random)!, ifVersion: nil)
            default:
                // Moves to the same few indices exhaust the gaps there, so that renumberings are replayed too.
                mutation = .move(
                    places.randomElement(using: &random)!, toIndex: Int.random(in: 0...2, using: &random),
                    ifVersion: nil)
            }
            // Every so often, a copy of both states from before the step, as a snapshot would keep them: a replay
            // changes the follower in place, and must copy whatever such a copy still shares.
            let kept = step % 250 == 0 ? (follower: follower, original: original) : nil
            let applied = try original.apply(
                mutation, owner: owner, now: Timestamp(millisecondsSinceEpoch: Int64(step)),
                maximumPlacesPerOwner: 1_000_000, generator: &ids)
            defer {
                if let kept { expectSame(kept.follower, kept.original) }
            }
            for logged in applied.logged {
                try follower.replay(logged)
                switch logged.change.kind {
                case .added: live[owner]!.append(logged.change.place.id)
                case .removed: live[owner]!.removeAll { $0 == logged.change.place.id }
                case .updated, .moved: break
                }
            }
        }
        expectSame(follower, original)
    }

    @Test func aChangeThatSkipsARevisionIsRefusedAndChangesNothing() throws {
        var original = StoreState()
        let first = try apply(.add(draft("one")), to: &original)
        let second = try apply(.add(draft("two")), to: &original)
        var follower = StoreState()
        #expect(throws: DamagedState.self) { try follower.replay(second.logged[0]) }
        #expect(follower.revision == 0 && follower.count == 0)
        try follower.replay(first.logged[0])
        try follower.replay(second.logged[0])
        expectSame(follower, original)
    }

    @Test func aRemovalOfAPlaceThatIsNotThereIsRefused() throws {
        var original = StoreState()
        let added = try apply(.add(draft("one")), to: &original)
        let removed = try apply(.remove(added.logged[0].change.place.id, ifVersion: nil), to: &original)
        var follower = StoreState()
        follower.revision = 1
        follower.lists[1000] = OwnerList(revision: 1)
        #expect(throws: DamagedState.self) { try follower.replay(removed.logged[0]) }
    }

    /// `mutation` by uid 1000 applied to `state`.
    private func apply(_ mutation: Mutation, to state: inout StoreState) throws -> AppliedMutation {
        var ids = SeededGenerator(seed: UInt64(state.revision) + 7)
        return try state.apply(
            mutation, owner: 1000, now: Timestamp(millisecondsSinceEpoch: state.revision), maximumPlacesPerOwner: 10,
            generator: &ids)
    }

    private func expectSame(
        _ follower: StoreState, _ original: StoreState, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(follower.revision == original.revision, sourceLocation: sourceLocation)
        #expect(follower.count == original.count, sourceLocation: sourceLocation)
        #expect(follower.owners == original.owners, sourceLocation: sourceLocation)
        #expect(follower.nextRow == original.nextRow, sourceLocation: sourceLocation)
        for owner in original.lists.keys {
            let mine = follower.lists[owner]
            let theirs = original.lists[owner]!
            #expect(mine?.revision == theirs.revision, sourceLocation: sourceLocation)
            let mySlots = mine.map { slots(of: $0.places) } ?? []
            let theirSlots = slots(of: theirs.places)
            #expect(mySlots.map(\.place) == theirSlots.map(\.place), sourceLocation: sourceLocation)
            #expect(mySlots.map(\.position) == theirSlots.map(\.position), sourceLocation: sourceLocation)
            #expect(mySlots.map(\.row) == theirSlots.map(\.row), sourceLocation: sourceLocation)
            for slot in theirSlots {
                #expect(
                    follower.index[slot.place.id] == PlaceLocation(owner: owner, position: slot.position),
                    sourceLocation: sourceLocation)
            }
            if let mine { expectSpatialEntriesHoldTheirPlaces(mine, sourceLocation: sourceLocation) }
            expectSpatialEntriesHoldTheirPlaces(theirs, sourceLocation: sourceLocation)
            let here = Coordinate(latitude: 10, longitude: 10)
            #expect(
                mine?.spatial.nearest(to: here, radius: nil, limit: 20).map(\.position)
                    == theirs.spatial.nearest(to: here, radius: nil, limit: 20).map(\.position),
                sourceLocation: sourceLocation)
        }
    }
}
