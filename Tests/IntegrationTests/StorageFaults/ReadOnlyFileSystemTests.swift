import Foundation
import Glibc
import Testing

/// A read-only file system under the database: changes fail with -32005 and change nothing, the daemon keeps
/// serving reads, and after a restart on the repaired file system every acknowledged change is there and no
/// refused one is.
@Suite("Read-only file system", .serialized, .enabled(if: getuid() == 0, "needs root to mount file systems"))
struct ReadOnlyFileSystemTests {
    /// What the client was told about each change, by the name the change gave a place.
    private struct Ledger {
        var acknowledged: [String: JSON] = [:]
        var refused: Set<String> = []
    }

    /// Adds places named `names`, expecting every add to succeed.
    private func add(_ names: [String], with client: RawConnection, to ledger: inout Ledger) throws {
        for name in names {
            ledger.acknowledged[name] = try client.add(["name": .string(name), "latitude": 1, "longitude": 2])
        }
    }

    /// The current places by name, each as the daemon returns it.
    private func placesByName(_ client: RawConnection) throws -> [String: JSON] {
        var places: [String: JSON] = [:]
        for place in try client.list()["places"]?.array ?? [] {
            places[place["name"]?.string ?? "?"] = place
        }
        return places
    }

    /// The kernel turns the file system read-only under the running daemon (ext4, `errors=remount-ro`).
    @Test func fileSystemTurningReadOnlyUnderTheDaemon() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let disk = try LoopFileSystem(in: directory, name: "disk", megabytes: 16)
        defer { disk.unmount() }
        let daemon = try DaemonProcess(sharing: directory, databasePath: disk.path + "/places.sqlite")
        defer { daemon.shutdown() }
        try daemon.start()
        let client = try daemon.connect()
        var ledger = Ledger()
        try add((0..<6).map { "before-\($0)" }, with: client, to: &ledger)
        ledger.acknowledged["before-0"] = try client.result(
            "places.update", ["id": ledger.acknowledged["before-0"]?["id"] ?? nil, "visited": true])
        try client.result("places.remove", ["id": ledger.acknowledged["before-5"]?["id"] ?? nil])
        ledger.acknowledged["before-5"] = nil

        // Linux refuses `mount -o remount,ro` while the daemon has its database open for writing.
        #expect(mount(nil, disk.path, nil, UInt(MS_REMOUNT | MS_RDONLY), nil) == -1 && errno == EBUSY)
        try disk.failFileSystem()
        #expect(disk.refusesWrites, "the file system is read-only now")

        for index in 0..<3 {
            let name = "refused-\(index)"
            let added = try client.call("places.add", ["name": .string(name), "latitude": 3, "longitude": 4])
            expectError(try #require(added["error"], "\(added)"), code: -32005, "\(daemon.logTail)")
            ledger.refused.insert(name)
        }
        let target = try #require(ledger.acknowledged["before-1"]?["id"])
        let updated = try client.call("places.update", ["id": target, "name": "refused-update"])
        expectError(try #require(updated["error"], "\(updated)"), code: -32005, "\(daemon.logTail)")
        ledger.refused.insert("refused-update")
        let victim = try #require(ledger.acknowledged["before-2"]?["id"])
        let removed = try client.call("places.remove", ["id": victim])
        expectError(try #require(removed["error"], "\(removed)"), code: -32005, "\(daemon.logTail)")

        // The daemon stays up and answers reads from what was acknowledged.
        #expect(daemon.isRunning)
        #expect(try client.result("server.status")["protocol"] == 1)
        #expect(try placesByName(client) == ledger.acknowledged)
        #expect(try client.result("places.get", ["id": victim]) == ledger.acknowledged["before-2"])
        #expect(try daemon.connect().list()["places"]?.array?.count == ledger.acknowledged.count)

        // A crash while read-only; then the file system is repaired and mounted read-write again.
        try daemon.kill9()
        try disk.repairAndRemount()
        try daemon.start()
        let restarted = try daemon.connect()
        let present = try placesByName(restarted)
        #expect(present == ledger.acknowledged, "\(daemon.logTail)")
        #expect(ledger.refused.isDisjoint(with: present.keys), "present although refused")
        try add(["after-0", "after-1"], with: restarted, to: &ledger)
        try restarted.result("places.remove", ["id": victim])
        ledger.acknowledged["before-2"] = nil
        #expect(try placesByName(restarted) == ledger.acknowledged)

        try daemon.kill9()
        try daemon.start()
        #expect(try placesByName(try daemon.connect()) == ledger.acknowledged, "\(daemon.logTail)")
        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
    }

    /// `mount -o remount,ro` on a tmpfs: refused while the daemon writes there; once it stopped, the remount
    /// works, the daemon refuses to start on it with a message and touches nothing, and after `remount,rw` it
    /// starts with every acknowledged change.
    @Test func remountReadOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmpfs = try TmpfsMount(in: directory, name: "disk", size: "4m")
        defer { tmpfs.unmount() }
        let disk = tmpfs.path
        let remount = { (flags: Int) -> Int32 in
            mount(nil, disk, nil, UInt(MS_REMOUNT | flags), nil) == 0 ? 0 : errno
        }

        let daemon = try DaemonProcess(sharing: directory, databasePath: disk + "/places.sqlite")
        defer { daemon.shutdown() }
        try daemon.start()
        let client = try daemon.connect()
        var ledger = Ledger()
        try add((0..<5).map { "before-\($0)" }, with: client, to: &ledger)

        #expect(remount(Int(MS_RDONLY)) == EBUSY, "the database is open for writing")
        try add(["while-busy"], with: client, to: &ledger)
        try daemon.kill9()

        #expect(remount(Int(MS_RDONLY)) == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: disk).sorted()
        let sizes = files.map { (try? FileManager.default.attributesOfItem(atPath: disk + "/" + $0)[.size]) as? Int }
        #expect(throws: TestFailure.self) { try daemon.start() }
        #expect(daemon.log.contains("Read-only file system"), "\(daemon.logTail)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk).sorted() == files)
        #expect(
            files.map { (try? FileManager.default.attributesOfItem(atPath: disk + "/" + $0)[.size]) as? Int } == sizes)

        #expect(remount(0) == 0)
        try daemon.start()
        let restarted = try daemon.connect()
        #expect(try placesByName(restarted) == ledger.acknowledged, "\(daemon.logTail)")
        try add(["after"], with: restarted, to: &ledger)
        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
        try daemon.start()
        #expect(try placesByName(try daemon.connect()) == ledger.acknowledged, "\(daemon.logTail)")
        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
    }
}
