import Foundation
import Glibc
import Testing

/// A primary with a synchronous standby: the primary is killed while a client writes, the standby is promoted,
/// and no acknowledged change is lost.
@Suite("Failover to a synchronous standby", .serialized)
struct FailoverTests {
    @Test func noAcknowledgedChangeIsLostWhenTheStandbyTakesOver() throws {
        let primary = try PostgresCluster()
        defer { primary.stop() }
        let standby = try primary.makeStandby(named: "s1", port: 5433)
        defer { standby.stop() }
        // Only now: with no standby yet, every commit (createdb's too) would wait for one.
        try primary.psql("ALTER SYSTEM SET synchronous_standby_names = 's1'")
        try primary.psql("SELECT pg_reload_conf()")
        #expect(
            Deadline.wait(seconds: 60) {
                (try? primary.psql("SELECT sync_state FROM pg_stat_replication WHERE application_name = 's1'"))
                    == "sync"
            }, "the standby is synchronous")
        let both =
            "host=\(primary.socketDirectory),\(standby.socketDirectory) port=\(primary.port),\(standby.port) "
            + "dbname=\(primary.database) user=postgres target_session_attrs=read-write"
        let a = try DaemonProcess(databasePath: both)
        let b = try DaemonProcess(databasePath: both)
        defer {
            a.shutdown()
            b.shutdown()
        }
        try a.start(timeout: 60)
        try b.start(timeout: 60)

        let writes = WriteRecord()
        let socket = a.socketPath
        let writer = Threads(1) { _ in writes.addPlaces(through: socket, until: nil, tolerating: [-32005, -32007]) }
        #expect(Deadline.wait(seconds: 60) { writes.acknowledged.count >= 100 })
        try primary.halt()
        try standby.promote()
        let promotedAt = writes.acknowledged.count
        #expect(Deadline.wait(seconds: 120) { writes.acknowledged.count >= promotedAt + 100 }, "writes go on")
        writes.stop()
        _ = try writer.join(timeout: 120)
        #expect(writes.failures.isEmpty, "\(writes.failures.prefix(3))")

        let stored = try standby.storedPlaceIDs()
        let lost = writes.acknowledged.filter { !stored.contains($0) }
        #expect(lost.isEmpty, "\(lost.count) acknowledged changes are not on the promoted standby")
        let final = try a.connect().list()
        #expect(Set(final["places"]?.array?.compactMap { $0["id"]?.string } ?? []) == stored)
        #expect(Deadline.wait(seconds: 60) { (try? b.connect().list()) == final }, "B converges")
    }
}
