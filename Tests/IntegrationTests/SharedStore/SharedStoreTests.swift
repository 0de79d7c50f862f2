import Foundation
import Glibc
import Testing

/// Two or more placesd processes over one PostgreSQL database (a throwaway cluster of the test's own): one list
/// for every host, gapless revisions, watchers on any host seeing every change once, in order.
@Suite("Hosts sharing a PostgreSQL database", .serialized)
struct SharedStoreTests {
    /// A place added through host B is read, updated, moved and removed through host A; B sees what A did.
    @Test func oneListAcrossTwoHosts() throws {
        try Self.withTwoHosts { cluster, a, b in
            let throughB = try b.connect()
            let throughA = try a.connect()
            let first = try throughB.add(["name": "Added on B", "latitude": 1, "longitude": 2])
            let second = try throughB.add(["name": "Also on B", "latitude": 3, "longitude": 4])
            let id = try #require(first["id"])
            // A write through A is decided on the database's data, whether or not A has followed B yet.
            let updated = try throughA.result("places.update", ["id": id, "name": "Renamed on A", "ifVersion": 1])
            #expect(updated["version"] == 2)
            expectError(try throughA.error("places.update", ["id": id, "name": "x", "ifVersion": 1]), code: -32002)
            try throughA.result("places.move", ["id": second["id"] ?? nil, "index": 0])
            #expect(try throughA.result("places.get", ["id": id]) == updated)
            #expect(
                Deadline.wait(seconds: 30) {
                    (try? throughB.list())?["places"]?.array?.compactMap { $0["name"]?.string }
                        == ["Also on B", "Renamed on A"]
                }, "B follows A: \(String(describing: try? throughB.list()))")
            try throughA.result("places.remove", ["id": id])
            #expect(Deadline.wait(seconds: 30) { (try? throughB.list())?["total"] == 1 })
            let onA = try throughA.list()
            let onB = try throughB.list()
            #expect(onA == onB, "both hosts show the same list at the same revision")
            #expect(try cluster.psql("SELECT count(*) || ' ' || max(revision) FROM changes") == "5 5")
        }
    }

    /// A watcher on host A while two writers on A and two on B make 10,000 changes: every revision exactly once,
    /// in order, and the snapshot plus the events is the final list, which is also what the database holds.
    @Test func aWatcherSeesEveryChangeOfEveryHostOnce() throws {
        try Self.withTwoHosts { cluster, a, b in
            let watcher = try WatchingConnection(a)
            let snapshot = try watcher.result("places.watch")
            let start = try #require(snapshot["revision"]?.int)
            let sockets = [a.socketPath, a.socketPath, b.socketPath, b.socketPath]
            let failures = try Threads.run(4, timeout: 600) { writer in
                Self.write(2_500, as: writer, socketPath: sockets[writer])
            }
            #expect(failures.allSatisfy { $0 == nil }, "\(failures.compactMap { $0 }.prefix(3))")
            let end = start + 10_000
            let events = try watcher.changes(through: end, timeout: 300)
            try ChangeReplay.checkConsecutive(events, after: start)
            let replayed = try ChangeReplay.apply(events, to: snapshot["places"]?.array ?? [])
            let finalOnA = try a.connect().list()
            #expect(finalOnA["revision"]?.int == end)
            #expect(replayed == finalOnA["places"]?.array, "snapshot + events == the final list")
            #expect(
                Deadline.wait(seconds: 60) { (try? b.connect().list()) == finalOnA },
                "host B converges to the same list")
            let stored = try cluster.psql("SELECT count(*) || ' ' || (SELECT revision FROM meta) FROM places")
            #expect(stored == "\(finalOnA["total"]?.int ?? -1) \(end)")
        }
    }

    /// Host B killed with SIGKILL while a client pipelines adds to it: every add it acknowledged is in the
    /// database and on host A.
    @Test func aHostKilledMidWriteLosesNoAcknowledgedWrite() throws {
        try Self.withTwoHosts { cluster, a, b in
            let writes = WriteRecord()
            let socket = b.socketPath
            // The writer ends when the kill breaks its connection (which it records as a failure).
            let writer = Threads(1) { _ in writes.addPlaces(through: socket, until: nil) }
            #expect(
                Deadline.wait(seconds: 60) { writes.acknowledged.count >= 200 },
                "B acknowledged \(writes.acknowledged.count)")
            try b.kill9()
            _ = try writer.join(timeout: 60)
            let ids = writes.acknowledged
            #expect(!ids.isEmpty)
            let onA = try a.connect()
            #expect(
                Deadline.wait(seconds: 30) {
                    let present = Set((try? onA.list())?["places"]?.array?.compactMap { $0["id"]?.string } ?? [])
                    return ids.allSatisfy { present.contains($0) }
                }, "every acknowledged add reached host A")
            let stored = try cluster.storedPlaceIDs()
            #expect(ids.allSatisfy { stored.contains($0) }, "every acknowledged add is in the database")
        }
    }

    /// With a log of 10 changes, hosts writing in turn keep exactly the newest 10 in the database, each host
    /// pruning from where it pruned last; a resume from before them is told how far the log reaches, one from
    /// within it gets exactly the rest.
    @Test func theSharedLogKeepsTheNewestChangesWhoeverWrites() throws {
        try Self.withTwoHosts(arguments: ["--max-change-log-entries", "10"]) { cluster, a, b in
            let hosts = [try a.connect(), try b.connect()]
            for number in 0..<45 {
                try hosts[number / 3 % 2].add(["name": .string("Place \(number)"), "latitude": 1, "longitude": 1])
            }
            #expect(try cluster.psql("SELECT min(revision), max(revision), count(*) FROM changes") == "36|45|10")
            #expect(Deadline.wait(seconds: 60) { (try? a.connect().list())?["revision"]?.int == 45 })
            let watcher = try WatchingConnection(a)
            let pruned = try #require(try watcher.call("places.watch", ["since": 20])["error"] ?? nil)
            #expect(pruned["code"]?.int == -32602 && pruned["data"]?["oldestRevision"]?.int == 36, "\(pruned)")
            let resumed = try watcher.result("places.watch", ["since": 40])
            #expect((resumed["changes"]?.array ?? []).compactMap { $0["revision"]?.int } == Array(41...45))
        }
    }

    /// A watcher of host A resumes after A restarts, from the change log in the database, with what B wrote
    /// meanwhile.
    @Test func aWatcherResumesAfterItsHostRestarts() throws {
        try Self.withTwoHosts { cluster, a, b in
            try a.connect().add(["name": "Before", "latitude": 1, "longitude": 1])
            let seen = try #require(try a.connect().list()["revision"]?.int)
            _ = try a.stop()
            let written = try b.connect().add(["name": "While A was away", "latitude": 2, "longitude": 2])
            try a.start()
            let watcher = try WatchingConnection(a)
            let resumed = try watcher.result("places.watch", ["since": .number(Double(seen))])
            #expect(resumed["changes"]?.array?.map { $0["place"] } == [written])
            let later = try b.connect().add(["name": "After", "latitude": 3, "longitude": 3])
            let events = try watcher.changes(through: seen + 2, timeout: 30)
            #expect(events.map { $0["place"] } == [later])
        }
    }

    /// A new database keeps the places under their rowid alone; one made by schema version 1, which also kept a
    /// unique index of the ids, is upgraded when a host opens it, and its places are served as before.
    @Test func aVersionOneDatabaseIsUpgraded() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let host = try DaemonProcess(databasePath: cluster.uri)
        defer { host.shutdown() }
        try host.start(timeout: 60)
        let kept = try host.connect().add(["name": "Kept", "latitude": 1, "longitude": 2])
        #expect(try cluster.psql("SELECT schema_version FROM meta") == "4")
        #expect(try cluster.psql("SELECT indexname FROM pg_indexes WHERE tablename = 'places'") == "places_pkey")
        _ = try host.stop()
        // What version 1 left: the same tables, with the unique index of the ids.
        try cluster.psql("ALTER TABLE places ADD CONSTRAINT places_id_key UNIQUE (id)")
        try cluster.psql("UPDATE meta SET schema_version = 1")
        try host.start(timeout: 60)
        #expect(try cluster.psql("SELECT schema_version FROM meta") == "4")
        #expect(try cluster.psql("SELECT indexname FROM pg_indexes WHERE tablename = 'places'") == "places_pkey")
        let connection = try host.connect()
        #expect(try connection.result("places.get", ["id": kept["id"] ?? nil]) == kept)
        try connection.add(["name": "Added after", "latitude": 3, "longitude": 4])
        #expect(try connection.list()["total"] == 2)
    }

    /// A host loads a database of more places than one fetch brings (the loader opens each fetch while the next
    /// one comes) with every place where it was; a row no placesd wrote, in the last fetch, stops the start-up
    /// with a message that names it, instead of hanging or serving a part of the list.
    @Test func aHostLoadsAStoreOfManyFetchesAndRefusesADamagedOne() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let host = try DaemonProcess(databasePath: cluster.uri)
        defer { host.shutdown() }
        try host.start(timeout: 60)
        let places = 45_000
        let connection = try host.connect()
        try connection.importNumberedPlaces(places, perRequest: 9_000)
        let pages: [JSON] = [["offset": 0, "limit": 5], ["offset": 22_498, "limit": 5], ["offset": 44_995]]
        let before = try pages.map { try connection.list($0) }
        #expect(before[0]["total"] == .number(Double(places)))
        #expect(before[2]["places"]?.array?.last?["name"] == "Place 44999")
        _ = try host.stop()

        try host.start(timeout: 120)
        #expect(try pages.map { try host.connect().list($0) } == before, "every place where it was, after a reload")
        _ = try host.stop()

        // An update moves the row to the end of the table, which the loader reads last; CLUSTER by rowid puts the
        // first place first, where the loader stops with the next fetches already made.
        for (row, reorder) in [("max", false), ("min", true)] {
            try cluster.psql("UPDATE places SET sealed = NULL WHERE sealed IS NOT NULL")
            let damage = "UPDATE places SET sealed = '\\x00'::bytea WHERE rowid = (SELECT \(row)(rowid) FROM places)"
            #expect(try cluster.psql(damage) == "UPDATE 1")
            if reorder { try cluster.psql("CLUSTER places USING places_pkey") }
            try host.spawn()
            let status = try host.waitForExit(timeout: 120)
            #expect(status == .exited(1), "damaged \(row) rowid: \(status)\(host.logTail)")
            #expect(host.log.contains("is sealed in a plaintext store"), "names what is wrong\(host.logTail)")
            host.notify.drain()
            #expect(!host.notify.messages[host.firstMessageOfRun...].contains("READY=1"))
        }
    }

    /// Runs `body` with a throwaway cluster and two placesd processes (started with `arguments`) over its
    /// database, then stops them all.
    static func withTwoHosts(
        arguments: [String] = [], _ body: (PostgresCluster, DaemonProcess, DaemonProcess) throws -> Void
    ) throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let a = try DaemonProcess(databasePath: cluster.uri, arguments: arguments)
        let b = try DaemonProcess(databasePath: cluster.uri, arguments: arguments)
        defer {
            a.shutdown()
            b.shutdown()
        }
        try a.start(timeout: 60)
        try b.start(timeout: 60)
        try body(cluster, a, b)
    }

    /// Makes `count` changes through `socketPath` in pipelines of 50 (adds, then updates of what was added);
    /// returns the first failure.
    static func write(_ count: Int, as writer: Int, socketPath: String) -> String? {
        do {
            let connection = try RawConnection(path: socketPath)
            var ids: [JSON] = []
            var done = 0
            while done < count {
                let size = min(50, count - done)
                var lines = ""
                for number in 0..<size {
                    let serial = done + number
                    if ids.count > 10, serial % 3 == 0 {
                        let params: JSON = ["id": ids[serial % ids.count], "name": .string("w\(writer) #\(serial)")]
                        lines += Request.line(id: serial, method: "places.update", params: params)
                    } else {
                        let params: JSON = ["name": .string("w\(writer) #\(serial)"), "latitude": 1, "longitude": 1]
                        lines += Request.line(id: serial, method: "places.add", params: params)
                    }
                }
                try connection.send(lines, timeout: 60)
                for _ in 0..<size {
                    let response = try connection.readResponse(timeout: 120)
                    guard let result = response["result"] else { return "\(response)" }
                    if result["version"] == 1, let id = result["id"] { ids.append(id) }
                }
                done += size
            }
            return nil
        } catch {
            return "\(error)"
        }
    }
}
