import Foundation
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct RefusalTests {
    let directory = TemporaryDirectory()

    @Test(arguments: RefusedFile.allCases)
    func refusedFileIsLeftUntouched(_ file: RefusedFile) throws {
        let path = directory.file("places.sqlite")
        try file.make(at: path)
        let before = bytes(of: path)
        let listing = directory.contents()
        #expect(before != nil)

        #expect {
            try openStore(path)
        } throws: { error in
            guard case .cannotOpen(let reportedPath, let reason) = error as? StoreError else { return false }
            return reportedPath == path && reason.hasPrefix(file.reason)
        }
        #expect(bytes(of: path) == before)
        #expect(directory.contents() == listing)
    }

    @Test func errorNamesTheFileAndTheReason() {
        let error = StoreError.cannotOpen(path: "/p/places.sqlite", reason: "file is not a database")
        #expect(error.description == "database '/p/places.sqlite': file is not a database")
    }

    @Test func directoryInPlaceOfTheFileIsRefused() throws {
        let path = directory.file("places.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: StoreError.cannotOpen(path: path, reason: "Is a directory")) { try openStore(path) }
    }

    @Test func secondStoreOnTheSameFileIsRefused() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        defer { store.close() }
        #expect(throws: StoreError.cannotOpen(path: path, reason: "in use by another placesd store")) {
            try makeStore(path)
        }
        _ = try store.perform(.add(draft("still works")), owner: 1)
        store.close()
        let reopened = try openStore(path)
        #expect(reopened.snapshot().count == 1)
        reopened.close()
    }
}
