import Foundation
import Glibc
import Testing

/// Hosts sharing a PostgreSQL database when something goes wrong: another session holding the counter's lock,
/// a lost LISTEN connection, the server stopped under load; and what a sealed store leaves in the server's files.
@Suite("Hosts sharing a PostgreSQL database, faults", .serialized)
struct SharedStoreFaultTests {
    /// A psql session holds the counter row's lock for a while: writers wait and resume when it ends, and a
    /// watcher sees no hole.
    @Test func aSessionHoldingTheCountersLockOnlyDelaysTheWriters() throws {
        try SharedStoreTests.withTwoHosts { cluster, a, b in
            let watcher = try WatchingConnection(a)
            let start = try #require(try watcher.result("places.watch")["revision"]?.int)
            let writes = WriteRecord()
            let socket = b.socketPath
            let writer = Threads(1) { _ in writes.addPlaces(through: socket, until: 400) }
            #expect(Deadline.wait(seconds: 60) { writes.acknowledged.count >= 40 })
            let holder = try cluster.startPsql(
                "BEGIN; SELECT revision FROM meta FOR UPDATE; SELECT pg_sleep(3); COMMIT;")
            #expect(Spawn.wait(holder, timeout: 60) == .exited(0))
            _ = try writer.join(timeout: 120)
            #expect(writes.failures.isEmpty, "\(writes.failures.prefix(3))")
            #expect(writes.acknowledged.count == 400)
            let events = try watcher.changes(through: start + 400, timeout: 60)
            try ChangeReplay.checkConsecutive(events, after: start)
        }
    }

    /// The LISTEN connections' backends are terminated: a change through B still reaches A (by the poll, then by
    /// a listener connected again).
    @Test func aHostWhoseListenerIsCutOffStillFollows() throws {
        try SharedStoreTests.withTwoHosts { cluster, a, b in
            let listening = "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'"
            #expect(Deadline.wait(seconds: 30) { (try? cluster.psql(listening)) == "2" })
            let cut = try cluster.psql(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'")
            #expect(cut == "2")
            let added = try b.connect().add(["name": "After the cut", "latitude": 1, "longitude": 1])
            let onA = try a.connect()
            #expect(
                Deadline.wait(seconds: 30) { (try? onA.result("places.get", ["id": added["id"] ?? nil])) == added })
            #expect(Deadline.wait(seconds: 30) { (try? cluster.psql(listening)) == "2" }, "both listen again")
        }
    }

    /// PostgreSQL stops while a client writes through A: changes fail with -32005 (or -32007 when a commit was
    /// cut off), reads go on from memory, STATUS= says the database is unreachable; once it is back, writes go on,
    /// every acknowledged change is in the database and on both hosts, and a watcher saw no hole.
    @Test func theDatabaseStoppedAndStartedUnderLoad() throws {
        try SharedStoreTests.withTwoHosts { cluster, a, b in
            let watcher = try WatchingConnection(a)
            let start = try #require(try watcher.result("places.watch")["revision"]?.int)
            let writes = WriteRecord()
            let socket = a.socketPath
            let writer = Threads(1) { _ in writes.addPlaces(through: socket, until: nil, tolerating: [-32005, -32007]) }
            #expect(Deadline.wait(seconds: 60) { writes.acknowledged.count >= 100 })
            let statusFrom = a.notify.messages.count
            try cluster.halt()
            #expect(Deadline.wait(seconds: 60) { writes.refusals >= 3 }, "changes are refused while it is down")
            #expect(try a.connect().list()["total"] != nil, "reads go on from memory")
            let status = a.notify.wait(from: statusFrom, timeout: 30) { $0.hasPrefix("STATUS=Database unreachable") }
            #expect(status != nil, "the status line says so: \(a.notify.messages.suffix(3))")
            try cluster.start()
            let resumedFrom = writes.acknowledged.count
            #expect(Deadline.wait(seconds: 60) { writes.acknowledged.count >= resumedFrom + 100 }, "writes go on")
            writes.stop()
            _ = try writer.join(timeout: 120)
            #expect(writes.failures.isEmpty, "\(writes.failures.prefix(3))")

            let final = try a.connect().list()
            let end = try #require(final["revision"]?.int)
            let onA = Set(final["places"]?.array?.compactMap { $0["id"]?.string } ?? [])
            let stored = try cluster.storedPlaceIDs()
            #expect(writes.acknowledged.allSatisfy { onA.contains($0) && stored.contains($0) })
            #expect(onA == stored)
            let events = try watcher.changes(through: end, timeout: 60)
            try ChangeReplay.checkConsecutive(events, after: start)
            #expect(Deadline.wait(seconds: 60) { (try? b.connect().list()) == final }, "B converges")
        }
    }

    /// A synchronous standby that never confirms: the commit is cancelled by the statement timeout after it
    /// committed locally (PostgreSQL warns "already committed locally"). The change is answered with -32007 (its
    /// outcome is unknown), not as failed; the hosts learn from the log that it was saved, and a watcher sees it
    /// once.
    @Test func aCommitNoStandbyConfirmedIsAnsweredAsUnknown() throws {
        try SharedStoreTests.withTwoHosts { cluster, a, b in
            let watcher = try WatchingConnection(b)
            let start = try #require(try watcher.result("places.watch")["revision"]?.int)
            let probes = try cluster.requireAnAbsentSynchronousStandby()
            let name = "Unconfirmed-" + UUID().uuidString
            let answer = try a.connect().call(
                "places.add", ["name": .string(name), "latitude": 1, "longitude": 1], timeout: 120)
            #expect(answer["error"]?["code"]?.int == -32007, "\(answer)")
            try cluster.dropTheAbsentStandby(probes)

            #expect(try cluster.psql("SELECT count(*) FROM places") == "1", "it was committed locally")
            let events = try watcher.changes(through: start + 1, timeout: 60)
            try ChangeReplay.checkConsecutive(events, after: start)
            for host in [a, b] {
                #expect(
                    Deadline.wait(seconds: 60) {
                        (try? host.connect().list())?["places"]?.array?.map { $0["name"]?.string } == [name]
                    }, "the host learns it from the log")
            }
            let after = try a.connect().add(["name": "After", "latitude": 2, "longitude": 2])
            #expect(after["id"] != nil, "writing goes on")
        }
    }

    /// With a key, no name or description reaches the server's files (tables, WAL): they are sealed on the host.
    /// The same scan finds a text the server was given in plaintext.
    @Test func aSealedSharedStoreLeavesNothingReadableOnTheServer() throws {
        let keys = try TemporaryDirectory()
        defer { keys.remove() }
        let key = try StoreKeyFile(in: keys, name: "placesd.key")
        try SharedStoreTests.withTwoHosts(arguments: ["--key-file", key.path]) { cluster, a, b in
            var texts: [String] = []
            for (index, host) in [a, b, a].enumerated() {
                let name = "Secret-name-\(index)-" + UUID().uuidString
                let description = "Secret-description-\(index)-" + UUID().uuidString
                texts += [name, description]
                let place = try host.connect().add([
                    "name": .string(name), "description": .string(description), "latitude": 1, "longitude": 1,
                ])
                if index == 0 {
                    let renamed = "Secret-renamed-" + UUID().uuidString
                    texts.append(renamed)
                    try b.connect().result("places.update", ["id": place["id"] ?? nil, "name": .string(renamed)])
                }
            }
            let probe = "Plaintext-probe-" + UUID().uuidString
            try cluster.psql("CREATE TABLE probe (text text); INSERT INTO probe VALUES ('\(probe)')")
            try cluster.psql("CHECKPOINT")
            let files = cluster.dataFiles().compactMap { TemporaryDirectory.contents(of: $0) }
            #expect(files.contains { DiskScan.contains($0, Array(probe.utf8)) }, "the scan finds plaintext")
            for text in texts {
                #expect(!files.contains { DiskScan.contains($0, Array(text.utf8)) }, "'\(text)' is readable")
            }
            #expect(
                try cluster.psql(
                    "SELECT (SELECT count(*) FROM places WHERE sealed IS NULL OR name <> '') + "
                        + "(SELECT count(*) FROM changes WHERE sealed IS NULL OR name <> '')") == "0")
            // What B added is back in plaintext on A, opened with the key.
            #expect(
                Deadline.wait(seconds: 30) {
                    (try? a.connect().list())?["places"]?.array?.contains { $0["name"]?.string == texts[3] } == true
                })
        }
    }
}
