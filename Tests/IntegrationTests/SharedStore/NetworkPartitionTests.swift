import Foundation
import Glibc
import Testing

/// A host cut off from the database by a real partition: PostgreSQL on TCP, host A in a network namespace of
/// its own behind a veth link that the test takes down, host B on the server's Unix socket.
@Suite("A host cut off from the shared database", .serialized)
struct NetworkPartitionTests {
    /// While cut off, A answers reads from memory, refuses changes with -32005 (or -32007 for a commit cut off
    /// midway) instead of hanging, and says so in STATUS=; B goes on writing. Once the link is back, A catches up
    /// from the log and writes again, and both hosts show the same list.
    @Test func aHostCutOffAndBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let namespace = try NetworkNamespace(in: directory)
        defer { namespace.remove() }
        let cluster = try PostgresCluster(tcpAddress: namespace.hostAddress)
        defer { cluster.stop() }
        let a = try DaemonProcess(databasePath: cluster.tcpConnectionString)
        a.launcher = namespace.launcher
        let b = try DaemonProcess(databasePath: cluster.uri)
        defer {
            a.shutdown()
            b.shutdown()
        }
        try a.start(timeout: 60)
        try b.start(timeout: 60)

        let throughA = try a.connect()
        let first = try throughA.add(["name": "Before the cut", "latitude": 1, "longitude": 1])
        let statusFrom = a.notify.messages.count
        try namespace.cut()

        let refused = try throughA.call(
            "places.add", ["name": "During the cut", "latitude": 2, "longitude": 2], timeout: 120)
        let code = refused["error"]?["code"]?.int
        #expect(code == -32005 || code == -32007, "a change through the cut-off host: \(refused)")
        #expect(try throughA.result("places.get", ["id": first["id"] ?? nil]) == first, "reads go on from memory")
        let status = a.notify.wait(from: statusFrom, timeout: 60) { $0.hasPrefix("STATUS=Database unreachable") }
        #expect(status != nil, "STATUS= says so: \(a.notify.messages.suffix(3))")
        let throughB = try b.connect()
        let meanwhile = try throughB.result(
            "places.add", ["name": "Added on B meanwhile", "latitude": 3, "longitude": 3], timeout: 60)

        try namespace.restore()
        #expect(
            Deadline.wait(seconds: 90) {
                (try? throughA.call("places.get", ["id": meanwhile["id"] ?? nil]))?["result"] == meanwhile
            }, "A catches up from the log")
        #expect(
            Deadline.wait(seconds: 90) {
                (try? throughA.call("places.add", ["name": "After the cut", "latitude": 4, "longitude": 4]))?["result"]
                    != nil
            }, "A writes again")
        let onA = try throughA.list()
        #expect(Deadline.wait(seconds: 60) { (try? throughB.list()) == onA }, "both hosts show the same list")
        let stored = try cluster.psql("SELECT count(*) FROM places")
        #expect(stored == "\(onA["total"]?.int ?? -1)")
    }
}
