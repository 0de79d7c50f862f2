import PlacesSystem
import Synchronization
import Testing

@testable import PlacesServer

/// The bookkeeping behind `--max-requests-in-flight` and `--max-connections-per-user`.
@Suite("Connection limits")
struct ConnectionLimitsTests {
    private func connection(limit: Int) -> Connection {
        Connection(
            id: 2, fd: FileDescriptor(rawValue: -1), caller: Caller(uid: 1000, gid: 1000, isAdmin: false),
            maximumLineBytes: 1 << 20, maximumRequestsInFlight: limit, subscriberBufferLimit: 1 << 20)
    }

    /// Takes requests answered at once with `reply` until the connection refuses one; returns how many it took.
    private func takeAnswered(_ connection: Connection, reply: String = "{\"r\":1}\n") -> Int {
        var taken = 0
        while connection.mayTakeRequest() {
            connection.output.writeRaw(Array(reply.utf8))
            connection.requestAnswered()
            taken += 1
        }
        return taken
    }

    /// Pretends the socket took `count` more bytes.
    private func write(_ count: Int, on connection: Connection) {
        connection.sentCount += count
        connection.discardSentOutput()
    }

    @Test func stopsTakingAtTheLimitAndResumesAsRepliesAreWritten() {
        let connection = connection(limit: 3)
        #expect(takeAnswered(connection, reply: "12345\n") == 3)
        #expect(connection.requestsInFlight == 3)
        #expect(connection.requestLimitPauses == 1)
        #expect(!connection.mayTakeRequest())
        #expect(connection.requestLimitPauses == 1, "one pause however often it is asked")

        write(3, on: connection)
        #expect(connection.requestsInFlight == 3, "a half-written reply is still in flight")
        write(3, on: connection)
        #expect(connection.requestsInFlight == 2)
        #expect(connection.mayTakeRequest())

        connection.requestAwaitsStore()
        #expect(connection.requestsInFlight == 3, "a request waiting for the store is in flight")
        #expect(!connection.mayTakeRequest())
        connection.storeReplied(Array("store\n".utf8))
        #expect(connection.requestsInFlight == 3, "its reply is not written yet")
        #expect(!connection.mayTakeRequest())
        #expect(connection.requestLimitPauses == 2)

        write(connection.pendingOutputCount, on: connection)
        #expect(connection.requestsInFlight == 0)
        #expect(connection.mostRequestsInFlight == 3)
        #expect(takeAnswered(connection) == 3)
    }

    @Test func notificationsAndEventsAreCountedRight() {
        let connection = connection(limit: 2)
        connection.requestAnswered()
        #expect(connection.requestsInFlight == 1, "a notification is in flight until what came before it is written")
        write(0, on: connection)
        #expect(connection.requestsInFlight == 0)

        connection.output.writeRaw(Array("{\"method\":\"places.changed\"}\n".utf8))
        #expect(connection.requestsInFlight == 0, "events are not requests")
        connection.requestAnswered()
        #expect(connection.requestsInFlight == 1, "an empty reply after an unwritten event")
        write(connection.pendingOutputCount, on: connection)
        #expect(connection.requestsInFlight == 0)
    }

    @Test func countsStayRightWhenWrittenOutputIsDropped() {
        let connection = connection(limit: 1000)
        let reply = Array(repeating: UInt8(ascii: "x"), count: 999) + [UInt8(ascii: "\n")]
        for _ in 0..<100 {
            connection.output.writeRaw(reply)
            connection.requestAnswered()
        }
        write(70_500, on: connection)
        #expect(connection.requestsInFlight == 30)
        #expect(connection.sentCount == 0, "the written 70,500 bytes were dropped")
        write(500, on: connection)
        #expect(connection.requestsInFlight == 29)
        connection.output.writeRaw(reply)
        connection.requestAnswered()
        #expect(connection.requestsInFlight == 30)
        write(connection.pendingOutputCount - 1, on: connection)
        #expect(connection.requestsInFlight == 1)
        write(1, on: connection)
        #expect(connection.requestsInFlight == 0)
        #expect(connection.mostRequestsInFlight == 100)
    }

    @Test func perUserCountsAreSeparate() {
        let statistics = ServerStatistics()
        #expect(statistics.admitConnection(of: 1000, limit: 2))
        #expect(statistics.admitConnection(of: 1000, limit: 2))
        #expect(!statistics.admitConnection(of: 1000, limit: 2))
        #expect(statistics.admitConnection(of: 0, limit: 2), "another uid is not affected")
        #expect(statistics.connectionCount(of: 1000) == 2)
        statistics.releaseConnection(of: 1000)
        #expect(statistics.admitConnection(of: 1000, limit: 2), "a closed connection frees its slot")
        #expect(!statistics.admitConnection(of: 0, limit: 1), "root is not exempt")
        statistics.releaseConnection(of: 0)
        statistics.releaseConnection(of: 0)
        #expect(statistics.connectionCount(of: 0) == 0)
    }

    @Test func perUserCountsHoldAcrossThreads() throws {
        let statistics = ServerStatistics()
        let held = Atomic<Int>(0)
        let mostHeld = Atomic<Int>(0)
        let threads = try (0..<8).map { index in
            try SystemThread.spawn(name: "limits-\(index)") {
                for _ in 0..<5_000 {
                    guard statistics.admitConnection(of: 42, limit: 3) else { continue }
                    let now = held.add(1, ordering: .relaxed).newValue
                    mostHeld.max(now, ordering: .relaxed)
                    held.subtract(1, ordering: .relaxed)
                    statistics.releaseConnection(of: 42)
                }
            }
        }
        for thread in threads { thread.join() }
        #expect(mostHeld.load(ordering: .relaxed) <= 3)
        #expect(statistics.connectionCount(of: 42) == 0)
    }
}
