import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore

/// The tag index as a store loads it (ids appended, tag lists shared and folded once) and as it changes after.
@Suite struct TagIndexTests {
    let directory = TemporaryDirectory()

    private func place(_ number: UInt64, tags: [String], owner: UserID = 1000) -> Place {
        Place(
            id: PlaceID(high: 1, low: number), owner: owner, name: "P\(number)", description: "",
            coordinate: Coordinate(latitude: 0, longitude: 0), isVisited: false, version: 1,
            createdAt: Timestamp(millisecondsSinceEpoch: 0), updatedAt: Timestamp(millisecondsSinceEpoch: 0),
            tags: tags)
    }

    private func address(_ tags: [String]) -> UnsafeRawPointer? {
        tags.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// Each tag and its places, as a set, for comparing two indexes.
    private func contents(_ index: TagIndex) -> [String: (tag: String, ids: Set<PlaceID>)] {
        index.entries.mapValues { (tag: $0.tag, ids: Set($0.ids.all)) }
    }

    @Test func storedTagListsSplitEachFormOnceAndShareIt() {
        let lists = StoredTagLists()
        let first = lists.tags("Café\u{1F}zoo")
        let again = lists.tags("Café\u{1F}zoo")
        #expect(first == ["Café", "zoo"])
        #expect(address(first) == address(again))
        #expect(lists.tags("") == [])
        #expect(lists.tags("zoo") == ["zoo"])
        #expect(address(lists.tags("zoo")) != address(first))
        #expect(lists.keptCount == 2)
    }

    @Test func storedTagListsSplitFormsPastTheirCapacity() {
        let lists = StoredTagLists()
        for number in 0..<(StoredTagLists.capacity + 10) {
            #expect(lists.tags("t\(number)\u{1F}u") == ["t\(number)", "u"])
        }
        #expect(lists.keptCount == StoredTagLists.capacity)
        #expect(lists.tags("t1\u{1F}u") == ["t1", "u"])
    }

    @Test func storedTagListsTellApartFormsThatDifferInAnyByte() {
        let lists = StoredTagLists()
        // Forms of every length up to three words, each differing from the others in one byte, first or last.
        let forms = (1...24).flatMap { length in
            ["a", "b"].flatMap { first in
                ["y", "z"].map { last in first + String(repeating: "x", count: length) + last }
            }
        }
        let split = forms.map { lists.tags($0) }
        #expect(split == forms.map { [$0] })
        #expect(lists.keptCount == forms.count)
        for (form, tags) in zip(forms, split) {
            #expect(address(lists.tags(form)) == address(tags))
        }
    }

    @Test func loadingRemembersManySharedLists() {
        let lists = StoredTagLists()
        var loading = TagIndex.Loading()
        // Enough lists to grow the table of lists several times; each met twice, by two places.
        for round in 0..<2 {
            for number in 0..<300 {
                loading.insert(place(UInt64(round * 1000 + number), tags: lists.tags("t\(number)\u{1F}shared")))
            }
        }
        let index = loading.build()
        #expect(index.counts.count == 301)
        #expect(index.rarestCount(of: ["shared"]) == 600)
        #expect(
            Set(index.ids(holdingAll: ["t7", "SHARED"])) == [PlaceID(high: 1, low: 7), PlaceID(high: 1, low: 1007)])
    }

    @Test func loadingFoldsSpellingsAndKeepsTheFirst() {
        let lists = StoredTagLists()
        var loading = TagIndex.Loading()
        loading.insert(place(1, tags: lists.tags("Café\u{1F}zoo")))
        loading.insert(place(2, tags: lists.tags("Café\u{1F}zoo")))
        loading.insert(place(3, tags: lists.tags("CAFE")))
        // Two tags that fold alike: written under other folding rules; the place counts once.
        loading.insert(place(4, tags: ["Zürich", "ZURICH"]))
        loading.insert(place(5, tags: []))
        let index = loading.build()
        #expect(index.counts.map(\.key) == ["cafe", "zoo", "zurich"])
        #expect(index.counts.map(\.tag) == ["Café", "zoo", "Zürich"])
        #expect(index.counts.map(\.count) == [3, 2, 1])
        #expect(
            Set(index.ids(holdingAll: ["CAFÉ"])) == [
                PlaceID(high: 1, low: 1), PlaceID(high: 1, low: 2), PlaceID(high: 1, low: 3),
            ])
        #expect(Set(index.ids(holdingAll: ["cafe", "ZOO"])) == [PlaceID(high: 1, low: 1), PlaceID(high: 1, low: 2)])
        #expect(index.ids(holdingAll: ["cafe", "none"]) == [])
        #expect(index.rarestCount(of: ["cafe", "zoo"]) == 2)
    }

    /// A loaded index and one built place by place go through the same changes and stay alike; a copy taken
    /// before the changes keeps what it had.
    @Test func loadedIndexChangesAsABuiltOne() {
        let lists = StoredTagLists()
        let spellings = ["Alpha", "beta", "Gamma\u{1F}beta", "ALPHA\u{1F}delta"]
        var places = (0..<200).map { number in
            place(UInt64(number), tags: lists.tags(spellings[number % spellings.count]))
        }
        var loading = TagIndex.Loading()
        var built = TagIndex()
        for place in places {
            loading.insert(place)
            built.insert(place)
        }
        var loaded = loading.build()
        let before = contents(loaded)
        #expect(before.mapValues(\.ids) == contents(built).mapValues(\.ids))
        #expect(before.mapValues(\.tag) == contents(built).mapValues(\.tag))
        var generator = SeededGenerator(seed: 7)
        let choices: [[String]] = [[], ["alpha"], ["Beta", "epsilon"], ["GAMMA"], ["delta", "alpha", "zeta"]]
        for step in 0..<600 {
            let offset = Int.random(in: 0..<places.count, using: &generator)
            switch step % 3 {
            case 0:
                let changed = place(places[offset].id.low, tags: choices.randomElement(using: &generator)!)
                loaded.replace(places[offset], with: changed)
                built.replace(places[offset], with: changed)
                places[offset] = changed
            case 1:
                loaded.remove(places[offset])
                built.remove(places[offset])
                places[offset] = place(places[offset].id.low, tags: [])
            default:
                let added = place(UInt64(1_000 + step), tags: choices.randomElement(using: &generator)!)
                loaded.insert(added)
                built.insert(added)
                places.append(added)
            }
            #expect(contents(loaded).mapValues(\.ids) == contents(built).mapValues(\.ids))
            #expect(loaded.counts.map(\.count) == built.counts.map(\.count))
        }
        #expect(contents(loaded).mapValues(\.ids) == contents(built).mapValues(\.ids))
        #expect(before["alpha"]?.ids.count == 100)
    }

    /// Tags written, renamed, taken off their last place and undone, by two owners, read back from the reopened
    /// store (plaintext and sealed) as first written, and changed again after the load.
    @Test(arguments: [false, true])
    func reopenedStoreKeepsEachOwnersTags(sealed: Bool) throws {
        let path = directory.file(sealed ? "sealed.sqlite" : "plain.sqlite")
        let opening = options(key: sealed ? fixedKey(3) : nil)
        var store = try openStore(path, options: opening)
        func add(_ name: String, _ tags: [String], owner: UserID) throws -> PlaceID {
            let draft = try PlaceDraft(name: name, latitude: 1, longitude: 2, tags: tags)
            return try store.perform(.add(draft), owner: owner).place.id
        }
        let louvre = try add("Louvre", ["Musée", "paris"], owner: 1000)
        let orsay = try add("Orsay", ["MUSEE", "Paris"], owner: 1000)
        let tate = try add("Tate", ["musee"], owner: 2000)
        let lone = try add("Lone", ["Solitaire"], owner: 1000)
        // The only holder of "Solitaire" drops it: the tag goes; a new spelling of "paris" on another place.
        _ = try store.perform(.update(lone, try PlacePatch(tags: ["Seul"]), ifVersion: nil), owner: 1000)
        _ = try store.perform(.update(louvre, try PlacePatch(removeTags: ["PARIS"]), ifVersion: nil), owner: 1000)
        _ = try store.perform(.update(lone, try PlacePatch(addTags: ["PARÍS"]), ifVersion: nil), owner: 1000)
        // Undone: Louvre holds "paris" again, as it was written.
        let box = ResultBox<MutationOutcome>()
        store.undo(count: 2, owner: 1000) { box.fulfil($0) }
        _ = try box.wait().get()

        func check(_ store: PlaceStore) {
            let snapshot = store.snapshot()
            #expect(snapshot.tagCounts(of: 1000).map(\.tag) == ["Musée", "paris", "Seul"])
            #expect(snapshot.tagCounts(of: 1000).map(\.count) == [2, 2, 1])
            #expect(snapshot.tagCounts(of: 2000).map(\.tag) == ["musee"])
            #expect(snapshot.tagCounts(of: nil).map(\.count) == [3, 2, 1])
            #expect(snapshot.place(louvre)?.tags == ["Musée", "paris"])
            #expect(snapshot.place(orsay)?.tags == ["MUSEE", "Paris"])
            #expect(snapshot.place(tate)?.tags == ["musee"])
            #expect(snapshot.place(lone)?.tags == ["Seul"])
            #expect(snapshot.places(of: 1000, holdingAll: ["musee", "paris"]).map(\.place.id) == [louvre, orsay])
            #expect(snapshot.places(of: nil, holdingAll: ["MUSÉE"]).map(\.place.id) == [louvre, orsay, tate])
            #expect(snapshot.places(of: 1000, holdingAll: ["solitaire"]).isEmpty)
        }
        check(store)
        store.close()
        store = try openStore(path, options: opening)
        defer { store.close() }
        check(store)

        // Changes to the loaded tags: the last holder of "Seul" drops it, Tate gets a tag another owner has.
        _ = try store.perform(.update(lone, try PlacePatch(removeTags: ["seul"]), ifVersion: nil), owner: 1000)
        _ = try store.perform(.update(tate, try PlacePatch(addTags: ["PARIS"]), ifVersion: nil), owner: 2000)
        let snapshot = store.snapshot()
        #expect(snapshot.tagCounts(of: 1000).map(\.tag) == ["Musée", "paris"])
        #expect(snapshot.tagCounts(of: 2000).map(\.tag) == ["musee", "PARIS"])
        #expect(snapshot.places(of: nil, holdingAll: ["paris", "musee"]).map(\.place.id) == [louvre, orsay, tate])
        #expect(snapshot.places(of: 1000, holdingAll: ["seul"]).isEmpty)
    }
}
