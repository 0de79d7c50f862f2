import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct FullDiskTests {
    let directory = TemporaryDirectory()

    @Test(.enabled(if: SmallFilesystem.isAvailable, "mounting a small tmpfs needs root"))
    func fullDiskFailsTheBatchAndKeepsMemoryAndDiskAlike() throws {
        let filesystem = try SmallFilesystem(at: directory.file("small"), bytes: 512 * 1024)
        defer { filesystem.unmount() }
        let path = filesystem.path + "/places.sqlite"
        let store = try openStore(path)
        var lastGood = store.snapshot()
        var failure: StoreError?
        for index in 0..<500 {
            let draft = try PlaceDraft(
                name: "place \(index)", description: String(repeating: "\(index % 10)", count: 10_000),
                latitude: 1, longitude: 2)
            do {
                _ = try store.perform(.add(draft), owner: 1)
                lastGood = store.snapshot()
            } catch {
                failure = error
                break
            }
        }
        #expect(failure == .storage("database or disk is full"))
        #expect(lastGood.count > 0)
        #expect(store.snapshot().allPlaces() == lastGood.allPlaces())
        #expect(store.snapshot().revision == lastGood.revision)
        // A removal needs room in the WAL too: whether it fits depends on what the failed batch left allocated,
        // but either way memory must say what the disk says.
        let first = lastGood.places(of: 1)[0]
        do {
            _ = try store.perform(.remove(first.id, ifVersion: nil), owner: 1)
            #expect(store.snapshot().count == lastGood.count - 1)
        } catch {
            #expect(error == .storage("database or disk is full"))
            #expect(store.snapshot().allPlaces() == lastGood.allPlaces())
        }
        let expected = store.snapshot()
        store.close()

        let reopened = try openStore(path)
        defer { reopened.close() }
        #expect(reopened.snapshot().allPlaces() == expected.allPlaces())
        #expect(reopened.snapshot().revision == expected.revision)
    }
}
