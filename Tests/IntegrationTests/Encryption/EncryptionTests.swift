import Foundation
import Glibc
import Testing

/// Encryption at rest as a client and an administrator see it: nothing readable on disk, the locked state,
/// unlocking, the first start with a key, rekeying.
@Suite("Encryption at rest")
struct EncryptionTests {
    /// Distinctive texts to look for on disk.
    private static func marker(_ label: String) -> String {
        "\(label)-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
    }

    /// Adds places with marker names and descriptions, updates and removes some; returns the texts written.
    private func writeMarkedPlaces(_ connection: RawConnection, count: Int = 20) throws -> [String] {
        var texts: [String] = []
        var ids: [JSON] = []
        for index in 0..<count {
            let name = Self.marker("Name\(index)")
            let description = Self.marker("Description\(index)")
            texts += [name, description]
            let place = try connection.add([
                "name": .string(name), "description": .string(description), "latitude": 48.5, "longitude": 2.25,
            ])
            ids.append(try #require(place["id"]))
        }
        let renamed = Self.marker("Renamed")
        texts.append(renamed)
        _ = try connection.result("places.update", ["id": ids[0], "name": .string(renamed)])
        _ = try connection.result("places.remove", ["id": ids[1]])
        return texts
    }

    /// A daemon whose store holds one place sealed with a new key, stopped; returns the daemon and the key.
    private func stoppedSealedDaemon() throws -> (DaemonProcess, StoreKeyFile) {
        let daemon = try DaemonProcess()
        do {
            let key = try StoreKeyFile(in: daemon.directory, name: "placesd.key")
            daemon.extraArguments = ["--key-file", key.path]
            try daemon.start()
            _ = try daemon.connect().add(["name": "Sealed", "latitude": 1, "longitude": 2])
            #expect(try daemon.stop() == .exited(0))
            daemon.extraArguments = []
            return (daemon, key)
        } catch {
            daemon.shutdown()
            throw error
        }
    }

    /// With --key-file, no name or description reaches the database or its WAL, whether the daemon stops
    /// cleanly or is killed with its WAL full; the same scan finds them in a plaintext store.
    @Test func sealedStoreKeepsNoNameOnDisk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try StoreKeyFile(in: directory, name: "placesd.key")

        let sealed = try DaemonProcess(
            sharing: directory, databasePath: directory.file("sealed.sqlite"), arguments: ["--key-file", key.path])
        defer { sealed.shutdown() }
        try sealed.start()
        let texts = try writeMarkedPlaces(try sealed.connect())
        try sealed.kill9()
        for text in texts {
            #expect(
                DiskScan.filesContaining(text, database: sealed.databasePath).isEmpty, "'\(text)' is readable on disk")
        }
        try sealed.start()
        #expect(try sealed.connect().list()["places"]?[18] != nil, "all 19 places are back")
        #expect(try sealed.stop() == .exited(0))
        for text in texts {
            #expect(
                DiskScan.filesContaining(text, database: sealed.databasePath).isEmpty, "'\(text)' is readable on disk")
        }

        let plain = try DaemonProcess(sharing: directory, databasePath: directory.file("plain.sqlite"))
        defer { plain.shutdown() }
        try plain.start()
        let plainTexts = try writeMarkedPlaces(try plain.connect(), count: 3)
        try plain.kill9()
        #expect(
            !DiskScan.filesContaining(plainTexts[4], database: plain.databasePath).isEmpty, "the scan finds plaintext")
    }

    /// A plaintext store is encrypted on the first start with a key, keeping every place as it was.
    @Test func plaintextStoreIsEncryptedOnFirstStartWithAKey() throws {
        let daemon = try DaemonProcess()
        defer { daemon.shutdown() }
        let key = try StoreKeyFile(in: daemon.directory, name: "key.b64", base64: true)
        try daemon.start()
        let texts = try writeMarkedPlaces(try daemon.connect(), count: 5)
        let before = try daemon.connect().list()
        #expect(try daemon.stop() == .exited(0))
        #expect(!DiskScan.filesContaining(texts[4], database: daemon.databasePath).isEmpty)

        daemon.extraArguments = ["--key-file", key.path]
        try daemon.start()
        let after = try daemon.connect().list()
        #expect(after["places"] == before["places"])
        #expect(after["revision"] == before["revision"])
        #expect(try daemon.stop() == .exited(0))
        for text in texts {
            #expect(
                DiskScan.filesContaining(text, database: daemon.databasePath).isEmpty,
                "'\(text)' survived the conversion")
        }
    }

    /// A sealed store without its key starts locked: status and discovery work, place methods answer -32004,
    /// a wrong key is refused and leaves it locked, the right one opens it.
    @Test func lockedUntilUnlocked() throws {
        let daemon = try DaemonProcess()
        defer { daemon.shutdown() }
        let key = try StoreKeyFile(in: daemon.directory, name: "placesd.key")
        let wrong = try StoreKeyFile(in: daemon.directory, name: "wrong.key")
        daemon.extraArguments = ["--key-file", key.path]
        try daemon.start()
        _ = try writeMarkedPlaces(try daemon.connect(), count: 3)
        let before = try daemon.connect().list()
        #expect(try daemon.stop() == .exited(0))

        daemon.extraArguments = []
        try daemon.start()
        let locked = try daemon.connect()
        #expect(daemon.notify.messages[daemon.firstMessageOfRun...].contains("STATUS=locked"))
        #expect(try locked.result("server.status")["locked"] == true)
        _ = try locked.result("rpc.discover")
        for (method, params) in [
            ("places.list", [:]), ("places.add", ["name": "x", "latitude": 1, "longitude": 2]),
            ("places.get", ["id": "00000000-0000-4000-8000-000000000000"]), ("places.export", ["format": "json"]),
            ("places.watch", [:]), ("places.near", ["latitude": 1, "longitude": 2]),
        ] as [(String, JSON)] {
            #expect(Reply.code(try locked.call(method, params)) == -32004, "\(method) while locked")
        }

        let refused = try locked.call("server.unlock", ["key": .string(wrong.base64)])
        #expect(Reply.code(refused) == -32004)
        #expect(try locked.result("server.status")["locked"] == true)
        #expect(daemon.log.contains("Refused an unlock by uid"))

        #expect(try locked.result("server.unlock", ["key": .string(key.base64)]) == ["locked": false])
        #expect(try locked.result("server.status")["locked"] == false)
        #expect(try locked.list() == before)
        _ = try locked.add(["name": "After unlock", "latitude": 1, "longitude": 2])
        #expect(
            daemon.notify.wait(
                from: daemon.firstMessageOfRun, timeout: 10, stillWaiting: { daemon.isRunning },
                until: { $0.hasPrefix("STATUS=Serving") }) != nil)
    }

    /// A key that does not open the store never stops the daemon: it starts locked and says why.
    @Test func wrongKeyAtStartStartsLocked() throws {
        let (daemon, _) = try stoppedSealedDaemon()
        defer { daemon.shutdown() }
        let other = try StoreKeyFile(in: daemon.directory, name: "other.key")
        daemon.extraArguments = ["--key-file", other.path]
        try daemon.start()
        #expect(try daemon.connect().result("server.status")["locked"] == true)
        #expect(daemon.log.contains("does not open"))
    }

    /// The systemd credential `$CREDENTIALS_DIRECTORY/placesd.key` is used when no --key-file is given.
    @Test func credentialKeySealsTheStore() throws {
        let daemon = try DaemonProcess()
        defer { daemon.shutdown() }
        let credentials = daemon.directory.file("credentials")
        mkdir(credentials, 0o700)
        let key = try StoreKeyFile(in: daemon.directory, name: "credentials/placesd.key")
        daemon.extraEnvironment = ["CREDENTIALS_DIRECTORY": credentials]
        try daemon.start()
        let name = Self.marker("Credential")
        _ = try daemon.connect().add(["name": .string(name), "latitude": 1, "longitude": 2])
        #expect(try daemon.stop() == .exited(0))
        #expect(DiskScan.filesContaining(name, database: daemon.databasePath).isEmpty)

        daemon.extraEnvironment = [:]
        try daemon.start()
        let connection = try daemon.connect()
        #expect(try connection.result("server.status")["locked"] == true)
        _ = try connection.result("server.unlock", ["key": .string(key.base64)])
        #expect(try connection.list()["places"]?[0]?["name"] == .string(name))
    }

    /// `placesd rekey` moves a stopped store to a new key (the old one no longer opens it) and `--decrypt`
    /// stores it in plaintext again.
    @Test func rekeyRotatesTheKey() throws {
        let daemon = try DaemonProcess()
        defer { daemon.shutdown() }
        let old = try StoreKeyFile(in: daemon.directory, name: "old.key")
        let new = try StoreKeyFile(in: daemon.directory, name: "new.key", base64: true)
        daemon.extraArguments = ["--key-file", old.path]
        try daemon.start()
        let texts = try writeMarkedPlaces(try daemon.connect(), count: 4)
        let before = try daemon.connect().list()

        let inUse = try Subprocess.run(
            try Binaries.placesd(),
            ["rekey", "--database", daemon.databasePath, "--key-file", old.path, "--new-key-file", new.path],
            in: daemon.directory)
        #expect(inUse.status == .exited(1), "a running daemon's database is refused: \(inUse.summary)")
        #expect(try daemon.stop() == .exited(0))

        let rekey = try Subprocess.run(
            try Binaries.placesd(),
            ["rekey", "--database", daemon.databasePath, "--key-file", old.path, "--new-key-file", new.path],
            in: daemon.directory)
        #expect(rekey.status == .exited(0), "\(rekey.summary)")

        try daemon.start()
        #expect(try daemon.connect().result("server.status")["locked"] == true, "the old key no longer opens it")
        _ = try daemon.stop()
        daemon.extraArguments = ["--key-file", new.path]
        try daemon.start()
        #expect(try daemon.connect().list() == before)
        #expect(try daemon.stop() == .exited(0))
        for text in texts {
            #expect(DiskScan.filesContaining(text, database: daemon.databasePath).isEmpty)
        }

        let decrypt = try Subprocess.run(
            try Binaries.placesd(), ["rekey", "--database", daemon.databasePath, "--key-file", new.path, "--decrypt"],
            in: daemon.directory)
        #expect(decrypt.status == .exited(0), "\(decrypt.summary)")
        #expect(!DiskScan.filesContaining(texts[4], database: daemon.databasePath).isEmpty)
        daemon.extraArguments = []
        try daemon.start()
        #expect(try daemon.connect().list() == before)
    }

    /// After repeated wrong keys, further attempts are delayed (and the delay is logged).
    @Test func repeatedWrongKeysAreDelayed() throws {
        let (daemon, key) = try stoppedSealedDaemon()
        defer { daemon.shutdown() }
        try daemon.start()
        let connection = try daemon.connect()
        var wrong = key.bytes
        wrong[0] ^= 0xFF
        let wrongText = Data(wrong).base64EncodedString()
        for attempt in 1...4 {
            let reply = try connection.call("server.unlock", ["key": .string(wrongText)], timeout: 30)
            #expect(Reply.code(reply) == -32004, "attempt \(attempt)")
        }
        #expect(daemon.log.contains("Delaying an unlock attempt"))
        #expect(daemon.log.contains("4 wrong keys in a row"))
        #expect(try connection.result("server.unlock", ["key": .string(key.base64)], timeout: 30) == ["locked": false])
    }

    /// Another user, neither root nor in the admin group nor the daemon's own, may not unlock.
    @Test(.enabled(if: getuid() == 0, "needs root to run a client as another uid"))
    func unlockIsForAdministrators() throws {
        let daemon = try DaemonProcess(arguments: ["--socket-mode", "0666"])
        defer { daemon.shutdown() }
        OtherUser.openUp(daemon)
        let key = try StoreKeyFile(in: daemon.directory, name: "placesd.key")
        try daemon.start()
        let reply = try OtherUser.call(daemon, [("server.unlock", ["key": .string(key.base64)])])[0]
        #expect(Reply.code(reply) == -32003)
    }

    /// The whole round with the real placesctl: a generated key seals the store; started without it, the
    /// daemon is locked (`status` says so, place commands exit 75); `placesctl unlock` opens it, from a file or
    /// from standard input.
    @Test func placesctlGeneratesTheKeyAndUnlocks() throws {
        let daemon = try DaemonProcess()
        defer { daemon.shutdown() }
        func placesctl(_ arguments: [String], stdin: String? = nil) throws -> Subprocess {
            try Subprocess.run(
                try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory,
                stdin: stdin)
        }
        let generated = try placesctl(["key", "generate"])
        #expect(generated.status == .exited(0), "\(generated.summary)")
        let keyText = generated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Data(base64Encoded: keyText)?.count == 32, "key generate prints 32 bytes in base64")
        let keyPath = daemon.directory.file("generated.key")
        try TemporaryDirectory.write(Array(generated.stdout.utf8), to: keyPath)

        daemon.extraArguments = ["--key-file", keyPath]
        try daemon.start()
        #expect(try placesctl(["add", "Sealed by placesctl", "--lat", "1", "--lon", "2"]).status == .exited(0))
        #expect(try daemon.stop() == .exited(0))

        daemon.extraArguments = []
        try daemon.start()
        let status = try placesctl(["status"])
        #expect(status.stdout.contains("placesctl unlock"), "\(status.summary)")
        let list = try placesctl(["list"])
        #expect(list.status == .exited(75), "\(list.summary)")
        #expect(list.stderr.contains("locked"))

        let unlocked = try placesctl(["unlock"], stdin: keyText + "\n")
        #expect(unlocked.status == .exited(0), "\(unlocked.summary)")
        #expect(unlocked.stdout == "Unlocked.\n")
        #expect(try placesctl(["list"]).stdout.contains("Sealed by placesctl"))
        let again = try placesctl(["unlock", "--key-file", keyPath])
        #expect(again.status == .exited(0), "unlocking an open store with its key is fine: \(again.summary)")
    }
}
