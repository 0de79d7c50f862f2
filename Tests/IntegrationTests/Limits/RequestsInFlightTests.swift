import Foundation
import Testing

/// `--max-requests-in-flight` and `--max-reply-buffer`: a client that pipelines past either is not refused, only
/// read no further until answers come back (the first) or until it reads its replies (the second).
@Suite("Requests in flight")
struct RequestsInFlightTests {
    /// The daemon's debug line for a closed connection: the most requests it had in flight, and how often the
    /// limit stopped reading it.
    private static func inFlightRecords(in log: String, limit: Int) throws -> [(most: Int, pauses: Int)] {
        try records(
            in: log,
            #"at most (\d+) requests were in flight, reading paused (\d+) times at the limit of "# + "\(limit);")
    }

    /// The daemon's debug line for a closed connection: the most unread reply bytes, and how often the reply bound
    /// stopped reading it.
    private static func unreadRecords(in log: String, bound: Int) throws -> [(most: Int, pauses: Int)] {
        try records(
            in: log,
            #"at most (\d+) bytes of replies were unread, reading paused (\d+) times at the bound of "# + "\(bound)\\)")
    }

    /// The two numbers each match of `pattern` in `log` captures.
    private static func records(in log: String, _ pattern: String) throws -> [(most: Int, pauses: Int)] {
        try log.matches(of: Regex(pattern)).compactMap { match in
            guard let most = match.output[1].substring.flatMap({ Int($0) }),
                let pauses = match.output[2].substring.flatMap({ Int($0) })
            else { return nil }
            return (most, pauses)
        }
    }

    /// 5,000 pipelined `places.add` (with large replies) on a daemon started with `--max-requests-in-flight 8` and
    /// `--max-reply-buffer 1048576`: while the client does not read, the daemon stops reading it once a MiB of
    /// replies waits (the client's writes block) and never has more than 8 of its requests waiting for the
    /// store; another client is answered meanwhile; once the client reads, every request is answered, in order.
    @Test func pipeliningPastTheLimitsIsSlowedNotRefused() throws {
        let daemon = try DaemonProcess.started(arguments: [
            "--max-requests-in-flight", "8", "--max-reply-buffer", "1048576",
        ])
        defer { daemon.shutdown() }
        let count = 5000
        let description = String(repeating: "d", count: 1000)
        var requests: [UInt8] = []
        requests.reserveCapacity(count * 1100)
        for id in 1...count {
            requests += Array(
                Request.line(
                    id: "\(id)", method: "places.add",
                    params: #"{"name":"p\#(id)","description":"\#(description)","latitude":1,"longitude":2}"#
                ).utf8)
        }
        var client: RawConnection? = try daemon.connect()

        // Nothing is read: about 1.3 KB of reply per request fills the socket buffers long before 5.5 MB of
        // requests are written, so the daemon stops reading and the client's writes block (for good: however slow
        // the daemon is, the client writes on while it reads).
        let written = try #require(client).sendWithoutReading(requests, untilStalledFor: 5)
        #expect(written < requests.count, "back-pressure: the daemon stopped reading after \(written) bytes")

        let other = try daemon.connect()
        #expect(try other.result("server.status", timeout: 60)["protocol"] == 1, "another client is answered")

        try #require(client).send(Array(requests[written...]), timeout: 120)
        var failures: [String] = []
        for id in 1...count {
            let response = try #require(client).readResponse(timeout: 30)
            guard response["id"] == .number(Double(id)) else {
                Issue.record("response \(id) out of order: \(response)")
                return
            }
            if response["result"]?["name"] != .string("p\(id)") { failures.append("\(id): \(response)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(try other.list(["limit": 0])["total"]?.int == count)

        client = nil
        var records: [(most: Int, pauses: Int)] = []
        let logged = try Deadline.wait(seconds: 60) {
            records = try Self.inFlightRecords(in: daemon.log, limit: 8).filter { $0.pauses > 0 }
            return !records.isEmpty
        }
        #expect(logged, "the pipelining connection was paused at the limit\(daemon.logTail)")
        for record in records {
            #expect(record.most == 8, "never more than the limit in flight, and the limit was reached: \(record)")
        }
        let unread = try Self.unreadRecords(in: daemon.log, bound: 1 << 20).filter { $0.pauses > 0 }
        #expect(!unread.isEmpty, "the connection was paused at the reply bound\(daemon.logTail)")
        for record in unread {
            // Taking stops once the bound is reached; the replies to the (at most 8) requests still waiting for the
            // store come in after that, about 1.3 KB each.
            #expect(record.most < (1 << 20) + 8 * 2_000, "no more than the bound and 8 replies unread: \(record)")
        }
    }

    /// Without the flag a connection gets the documented default, 1024.
    @Test func theDefaultLimitApplies() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        var client: RawConnection? = try daemon.connect()
        #expect(try #require(client).result("server.status")["protocol"] == 1)
        client = nil
        let logged = try Deadline.wait(seconds: 10) {
            try !Self.inFlightRecords(in: daemon.log, limit: 1024).isEmpty
        }
        #expect(logged, "\(daemon.logTail)")
    }
}
