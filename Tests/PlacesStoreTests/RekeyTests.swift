import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct RekeyTests {
    let directory = TemporaryDirectory()

    private func makeStore(at path: String, key: StoreKey?) throws -> StoreContents {
        let store = try openStore(path, options: options(key: key))
        defer { store.close() }
        for index in 0..<5 {
            _ = try store.perform(.add(SecretPlace(index).draft), owner: UserID(index % 2 + 1))
        }
        return StoreContents(store.snapshot())
    }

    @Test func rekeyedStoreOpensWithTheNewKeyOnly() throws {
        let path = directory.file("places.sqlite")
        let contents = try makeStore(at: path, key: fixedKey(1))
        try rekey(path, from: fixedKey(1), to: fixedKey(2))
        #expect(throws: StoreError.wrongKey(path: path)) { try openStore(path, options: options(key: fixedKey(1))) }
        let store = try openStore(path, options: options(key: fixedKey(2)))
        defer { store.close() }
        #expect(StoreContents(store.snapshot()) == contents)
    }

    @Test func rekeyToNothingDecryptsAndFromNothingSeals() throws {
        let path = directory.file("places.sqlite")
        let contents = try makeStore(at: path, key: fixedKey(1))
        try rekey(path, from: fixedKey(1), to: nil)
        do {
            let plain = try openStore(path)
            defer { plain.close() }
            #expect(!plain.isEncrypted)
            #expect(StoreContents(plain.snapshot()) == contents)
        }
        #expect(try sealedValues(at: path).values.allSatisfy { $0 == nil })
        #expect(leaks(of: [SecretPlace(0)], in: path).count > 0)

        try rekey(path, from: nil, to: fixedKey(3))
        #expect(leaks(of: (0..<5).map(SecretPlace.init), in: path) == [])
        let sealed = try openStore(path, options: options(key: fixedKey(3)))
        defer { sealed.close() }
        #expect(sealed.isEncrypted)
        #expect(StoreContents(sealed.snapshot()) == contents)
    }

    @Test func wrongOldKeyIsRefusedAndChangesNothing() throws {
        let path = directory.file("places.sqlite")
        _ = try makeStore(at: path, key: fixedKey(1))
        let before = bytes(of: path)
        #expect(throws: StoreError.wrongKey(path: path)) {
            try rekey(path, from: fixedKey(2), to: fixedKey(3))
        }
        #expect(throws: StoreError.locked) { try rekey(path, from: nil, to: fixedKey(3)) }
        #expect(bytes(of: path) == before)
        try openStore(path, options: options(key: fixedKey(1))).close()

        let plainPath = directory.file("plain.sqlite")
        _ = try makeStore(at: plainPath, key: nil)
        #expect(throws: StoreError.notEncrypted) {
            try rekey(plainPath, from: fixedKey(1), to: fixedKey(2))
        }
    }

    @Test func databaseInUseIsRefused() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path, options: options(key: fixedKey(1)))
        defer { store.close() }
        #expect(throws: StoreError.cannotOpen(path: path, reason: "in use by another placesd store")) {
            try SQLiteEngine.rekey(path, from: fixedKey(1), to: fixedKey(2))
        }
    }

    @Test func missingOrForeignFilesAreRefused() throws {
        let missing = directory.file("missing.sqlite")
        #expect(throws: StoreError.self) { try rekey(missing, from: nil, to: fixedKey(1)) }
        #expect(!DatabaseFile.exists(missing))
        let foreign = directory.file("foreign.sqlite")
        try RefusedFile.otherApplicationID.make(at: foreign)
        #expect(throws: StoreError.cannotOpen(path: foreign, reason: RefusedFile.otherApplicationID.reason)) {
            try rekey(foreign, from: nil, to: fixedKey(1))
        }
    }

    @Test func damagedRowFailsTheRekeyWithNothingChanged() throws {
        let path = directory.file("places.sqlite")
        _ = try makeStore(at: path, key: fixedKey(1))
        try withDatabase(at: path) { connection in
            try connection.execute(
                "UPDATE places SET sealed = zeroblob(80) WHERE rowid = (SELECT max(rowid) FROM places)")
        }
        let before = try sealedValues(at: path)
        #expect(throws: StoreError.self) { try rekey(path, from: fixedKey(1), to: fixedKey(2)) }
        #expect(try sealedValues(at: path) == before)
    }
}
