import Glibc
import Testing

/// What survives a restart, a SIGTERM under load and a SIGKILL under load.
@Suite("Persistence", .serialized)
struct PersistenceTests {
    /// After SIGTERM (exit 0) and a restart on the same database, the places are identical, as is the revision.
    @Test func restartKeepsEverything() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        var client = try daemon.connect()
        let kept = try client.add(["name": "Kept", "description": "d", "latitude": 10.5, "longitude": -20.25])
        let updated = try client.add(["name": "Updated", "latitude": 1, "longitude": 2])
        let removed = try client.add(["name": "Removed", "latitude": 3, "longitude": 4])
        try client.result("places.update", ["id": updated["id"] ?? nil, "visited": true, "name": "Updated twice"])
        try client.result("places.remove", ["id": removed["id"] ?? nil])
        let before = try client.list()
        #expect(names(before) == ["Kept", "Updated twice"])

        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
        #expect(!TemporaryDirectory.exists(daemon.socketPath), "the socket file is removed on exit")
        try daemon.start()
        client = try daemon.connect()
        let after = try client.list()
        #expect(after == before, "places, total and revision survive a restart")
        #expect(try client.result("places.get", ["id": kept["id"] ?? nil]) == kept)
        expectError(try client.error("places.get", ["id": removed["id"] ?? nil]), code: -32001)
        let added = try client.add(["name": "After restart", "latitude": 5, "longitude": 6])
        #expect(added["id"] != kept["id"])
        #expect(try client.list()["revision"]?.int == (before["revision"]?.int ?? -10) + 1)
        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
    }

    /// A store large enough to be read in two halves side by side (60,000 places, some updated and removed) comes
    /// back whole after a restart; a row sealed in a plaintext store, in either half, stops the start-up with a
    /// message naming the problem.
    @Test func aLargeStoreComesBackWholeAndADamagedRowIsRefused() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.importNumberedPlaces(60_000, perRequest: 10_000)
        let some = try client.list(["offset": 29_990, "limit": 20])["places"]?.array ?? []
        for (index, place) in some.enumerated() {
            let id = place["id"] ?? nil
            if index.isMultiple(of: 2) {
                try client.result("places.remove", ["id": id])
            } else {
                try client.result("places.update", ["id": id, "name": .string("Updated \(index)")])
            }
        }
        let pages: [JSON] = [["offset": 0, "limit": 5], ["offset": 29_985, "limit": 20], ["offset": 59_985]]
        let before = try pages.map { try client.list($0) }
        #expect(before[0]["total"] == 59_990)
        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
        try daemon.start(timeout: 120)
        #expect(try pages.map { try daemon.connect().list($0) } == before, "every place where it was")
        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")

        for row in ["max", "min"] {
            let damage =
                "UPDATE places SET sealed = NULL WHERE sealed IS NOT NULL; "
                + "UPDATE places SET sealed = x'00' WHERE rowid = (SELECT \(row)(rowid) FROM places);"
            let sqlite = try Subprocess.run("/usr/bin/sqlite3", [daemon.databasePath, damage], in: daemon.directory)
            #expect(sqlite.status == .exited(0), "\(sqlite.summary)")
            try daemon.spawn()
            let status = try daemon.waitForExit(timeout: 120)
            #expect(status == .exited(1), "damaged \(row) rowid: \(status)\(daemon.logTail)")
            #expect(daemon.log.contains("is sealed in a plaintext store"), "names the problem\(daemon.logTail)")
        }
    }

    /// Three rounds of SIGKILL while eight clients write: every acknowledged add is there after each restart.
    @Test func killNineKeepsAcknowledgedWrites() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        var acknowledged: Set<String> = []
        var acknowledgedPerWriter: [String: Int] = [:]
        for round in 1...3 {
            let outcomes = try Writers.run(8, socketPath: daemon.socketPath, round: round, threshold: 200) {
                try daemon.kill9()
            }
            for (writer, outcome) in outcomes.enumerated() {
                #expect(outcome.errors.isEmpty, "round \(round): \(outcome.errors.prefix(3))")
                acknowledged.formUnion(outcome.acknowledged)
                acknowledgedPerWriter["r\(round)-w\(writer)"] = outcome.acknowledged.count
            }
            try daemon.start()
            let list = try daemon.connect().list()
            let present = Set(ids(list))
            let missing = acknowledged.subtracting(present)
            #expect(missing.isEmpty, "round \(round): \(missing.count) acknowledged places lost\(daemon.logTail)")
            #expect(list["total"]?.int == present.count && present.count == ids(list).count)

            // Each writer waited for every reply, so its places must be indices 0..<n with n its acknowledged
            // count, or one more (the add in flight at the kill, wholly there).
            var indices: [String: [Int]] = [:]
            for name in names(list) {
                let parts = name.split(separator: "-")
                guard parts.count == 3, let index = Int(parts[2]) else {
                    Issue.record("unexpected place '\(name)'")
                    continue
                }
                indices["\(parts[0])-\(parts[1])", default: []].append(index)
            }
            for (writer, count) in acknowledgedPerWriter {
                let found = indices[writer] ?? []
                let complete = found == Array(0..<count) || found == Array(0...count)
                #expect(
                    complete,
                    "\(writer): acknowledged \(count), present \(found.count), in order: \(found == found.sorted())")
            }
        }
    }

    /// SIGTERM while eight clients write: exit status 0, and every acknowledged add is there after a restart.
    @Test func sigtermUnderLoadKeepsAcknowledgedWrites() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        var status: ExitStatus?
        let outcomes = try Writers.run(8, socketPath: daemon.socketPath, round: 1, threshold: 200) {
            status = try daemon.stop(timeout: 10)
        }
        #expect(status == .exited(0), "\(daemon.logTail)")
        #expect(daemon.notify.wait(from: daemon.firstMessageOfRun, timeout: 30) { $0 == "STOPPING=1" } != nil)
        #expect(!TemporaryDirectory.exists(daemon.socketPath), "the socket file is removed on exit")
        var acknowledged: Set<String> = []
        for outcome in outcomes {
            #expect(outcome.errors.isEmpty, "requests already read are answered normally: \(outcome.errors.prefix(3))")
            acknowledged.formUnion(outcome.acknowledged)
        }
        try daemon.start()
        let present = Set(ids(try daemon.connect().list()))
        let missing = acknowledged.subtracting(present)
        #expect(missing.isEmpty, "\(missing.count) of \(acknowledged.count) acknowledged places lost")
    }
}
