import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore

/// What undo needs is kept in the change log: it outlives the store, in plaintext and encrypted stores alike, and
/// a log written before it was kept (schema version 5) undoes as documented.
@Suite struct UndoLogTests {
    let directory = TemporaryDirectory()

    @Test(arguments: [false, true])
    func undoOutlivesTheStore(withKey: Bool) throws {
        let path = directory.file("places.sqlite")
        let key = withKey ? fixedKey(9) : nil
        var ids: [PlaceID] = []
        try reopened(path, key: key) { store in
            ids = try ["A", "B", "C", "D"].map { try store.perform(.add(draft($0)), owner: 1000).place.id }
            _ = try store.perform(.remove(ids[1], ifVersion: nil), owner: 1000)
        }
        try reopened(path, key: key) { store in
            let undone = try undo(store)
            #expect(undone.map(\.reverted.kind) == [.removed])
            #expect(names(store) == ["A", "B", "C", "D"], "back at its index")
            #expect(store.snapshot().place(ids[1])?.version == 2)
            _ = try store.perform(.move(ids[3], toIndex: 0, ifVersion: nil), owner: 1000)
        }
        try reopened(path, key: key) { store in
            let undone = try undo(store)
            #expect(undone.map(\.reverted.kind) == [.moved])
            #expect(names(store) == ["A", "B", "C", "D"], "moved back")
        }
        try reopened(path, key: key) { store in
            // The two undos and the changes they reverted are settled: the next undo takes D's addition.
            let undone = try undo(store)
            #expect(undone.map(\.reverted.kind) == [.added] && undone.first?.place.id == ids[3])
            #expect(names(store) == ["A", "B", "C"])
        }
        // The two columns are plain integers in a sealed store too, as positions are.
        let rows = try withDatabase(at: path) { connection in
            try connection.texts(
                "SELECT owner_revision || ':' || coalesce(previous_index, '-') || ':' || coalesce(undid, '-') "
                    + "FROM changes ORDER BY revision")
        }
        #expect(rows == ["1:-:-", "2:-:-", "3:-:-", "4:-:-", "5:1:-", "6:-:5", "7:3:-", "8:0:7", "9:3:4"])
    }

    /// A log that schema version 5 wrote keeps neither: a removal comes back at the end of the list, a move is
    /// refused, and an undo of before counts as an ordinary change.
    @Test(arguments: [false, true])
    func aVersionFiveLogUndoesAsDocumented(withKey: Bool) throws {
        let path = directory.file("places.sqlite")
        let key = withKey ? fixedKey(8) : nil
        try reopened(path, key: key) { store in
            let ids = try ["A", "B", "C"].map { try store.perform(.add(draft($0)), owner: 1000).place.id }
            _ = try store.perform(.move(ids[2], toIndex: 0, ifVersion: nil), owner: 1000)
            _ = try store.perform(.remove(ids[0], ifVersion: nil), owner: 1000)
            _ = try undo(store)
            _ = try store.perform(.remove(ids[1], ifVersion: nil), owner: 1000)
            #expect(names(store) == ["C", "A"])
        }
        // What version 6 left: the same log without the two columns.
        try withDatabase(at: path) { connection in
            try connection.execute(
                """
                ALTER TABLE changes DROP COLUMN previous_index;
                ALTER TABLE changes DROP COLUMN undid;
                UPDATE meta SET schema_version = 6;
                PRAGMA user_version = 6;
                """)
        }
        try reopened(path, key: key) { store in
            var kinds = try undo(store).map(\.reverted.kind)
            #expect(kinds == [.removed] && names(store) == ["C", "A", "B"], "a removal of before: at the end")
            kinds = try undo(store).map(\.reverted.kind)
            #expect(kinds == [.added] && names(store) == ["C", "B"], "the undo of before is an ordinary change")
            kinds = try undo(store).map(\.reverted.kind)
            #expect(kinds == [.removed] && names(store) == ["C", "B", "A"])
            #expect(
                throws: StoreError.cannotUndo(
                    "where 'C' stood before its move is not known: the move was logged before placesd kept list "
                        + "positions in its change log")
            ) { try undo(store) }
        }
        let version = try withDatabase(at: path) { try $0.integer("PRAGMA user_version") }
        #expect(version == Schema.latestVersion)
    }

    /// Opens the store at `path` with `key`, runs `body` on it and closes it.
    private func reopened(_ path: String, key: StoreKey?, _ body: (PlaceStore) throws -> Void) throws {
        let store = try openStore(path, options: options(key: key))
        defer { store.close() }
        #expect(store.isEncrypted == (key != nil))
        try body(store)
    }

    private func undo(_ store: PlaceStore) throws -> [UndoneChange] {
        let box = ResultBox<MutationOutcome>()
        store.undo(count: 1, owner: 1000) { box.fulfil($0) }
        guard case .undone(let undone) = try box.wait().get() else {
            Issue.record("an undo came back as another outcome")
            return []
        }
        return undone
    }

    private func names(_ store: PlaceStore) -> [String] {
        store.snapshot().places(of: 1000).map(\.name)
    }
}
