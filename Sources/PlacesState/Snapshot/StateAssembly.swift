import PlacesModel

/// Builds the state an engine loads from its rows: every place's id and where it is, the places themselves (in
/// any order of owners, each owner's mostly in position order), the owners' revisions, and the store revision.
package struct StateAssembly {
    private var state = StoreState()
    private var revisions: [UserID: Int64] = [:]
    private var index: PlaceIndex.Builder
    private let spatial: SpatialIndexBuild
    private var lists: LoadingLists

    /// An assembly of about `expectedCount` places at store revision `revision`.
    package init(expectedCount: Int, revision: Int64) {
        index = PlaceIndex.Builder(expectedCount: expectedCount)
        spatial = SpatialIndexBuild(expectedCount: expectedCount)
        lists = LoadingLists(expectedCount: expectedCount, spatial: spatial)
        state.revision = revision
    }

    /// Records that `owner`'s places have had `revision` committed changes.
    package mutating func setRevision(_ revision: Int64, of owner: UserID) {
        revisions[owner] = revision
    }

    /// Records where the place `id` is and its row, before the place itself is known (a sealed row is opened
    /// later, elsewhere).
    package mutating func locate(_ id: PlaceID, at location: PlaceLocation, row: Int64) {
        state.nextRow = max(state.nextRow, row + 1)
        index.add(id, at: location)
    }

    /// Adds a place whose location was recorded.
    package mutating func append(_ slot: PlaceSlot) {
        lists.append(slot)
    }

    /// Records and adds a place.
    package mutating func add(_ slot: PlaceSlot) {
        // Through `stored`: `slot.place` would copy the whole place, retaining and releasing each of its texts.
        let place = slot.stored
        locate(place.place.id, at: PlaceLocation(owner: place.place.owner, position: slot.position), row: slot.row)
        append(slot)
    }

    /// The state, or why the rows cannot be one (an id twice, two places at one position).
    package consuming func build() throws -> StoreState {
        var state = self.state
        var lists = self.lists.finish()
        spatial.finish()
        switch index.build() {
        case .success(let built): state.index = built
        case .failure(let duplicate): throw DamagedState(reason: "place id '\(duplicate.id)' occurs twice")
        }
        for owner in lists.keys.sorted() {
            let list = try lists.removeValue(forKey: owner)!.build(owner: owner)
            state.owners.append(owner)
            state.count += list.places.count
            state.lists[owner] = list
        }
        for (owner, built) in spatial.wait() {
            state.lists[owner]?.spatial = built
        }
        for (owner, revision) in revisions {
            state.lists[owner, default: OwnerList()].revision = revision
        }
        return state
    }
}
