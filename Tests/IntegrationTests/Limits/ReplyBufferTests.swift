import Foundation
import Testing

/// `--max-reply-buffer-per-user`: beyond each connection's first MiB, the unread replies of all of one user's
/// connections share one bound; a connection that finds none of it left is read again once another gives some
/// back.
@Suite("Reply buffer per user")
struct ReplyBufferTests {
    /// A reply-bound pause the daemon logged: the connection, its unread bytes, its allowance and the part of it
    /// reserved from the user's budget.
    private struct Pause {
        let connection: String
        let unread: Int
        let allowance: Int
        let reserved: Int
    }

    /// The reply-bound pauses the daemon logged, in order.
    private static func pauses(in log: String) throws -> [Pause] {
        let pattern = try Regex(
            #"\(connection (\d+)\) has (\d+) bytes of replies unread, its allowance (\d+) \((\d+) of them from its user's budget"#
        )
        return log.matches(of: pattern).compactMap { match in
            guard let connection = match.output[1].substring,
                let unread = match.output[2].substring.flatMap({ Int($0) }),
                let allowance = match.output[3].substring.flatMap({ Int($0) }),
                let reserved = match.output[4].substring.flatMap({ Int($0) })
            else { return nil }
            return Pause(connection: String(connection), unread: unread, allowance: allowance, reserved: reserved)
        }
    }

    /// Two connections of one user each send 200 lines, every one a batch that adds a place and lists ten large
    /// ones (about 100 KB of reply), and read nothing. With a 2 MiB budget for the user, the first stops being
    /// read at its own MiB plus the whole budget, the second at its own MiB; when the first reads its replies,
    /// the second is read again and takes the budget. Every request is answered, in order.
    @Test func aUsersConnectionsShareOneBudget() throws {
        let daemon = try DaemonProcess.started(arguments: [
            "--max-reply-buffer", "8388608", "--max-reply-buffer-per-user", "2097152",
        ])
        defer { daemon.shutdown() }
        let setup = try daemon.connect()
        let large = String(repeating: "x", count: 9_000)
        try setup.result(
            "places.import",
            [
                "places": .array(
                    (0..<10).map { _ in ["name": "big", "description": .string(large), "latitude": 1, "longitude": 2] })
            ])

        func lines(_ tag: String) -> [UInt8] {
            var text = ""
            for index in 0..<200 {
                text +=
                    "["
                    + Request.line(
                        id: "\"\(tag)-add-\(index)\"", method: "places.add",
                        params: #"{"name":"\#(tag)-\#(index)","latitude":1,"longitude":2}"#
                    ).dropLast()
                text +=
                    ","
                    + Request.line(id: "\"\(tag)-list-\(index)\"", method: "places.list", params: #"{"limit":10}"#)
                    .dropLast() + "]\n"
            }
            return Array(text.utf8)
        }
        let first = try daemon.connect()
        _ = first.sendWithoutReading(lines("a"), timeout: 0.5)
        var seen: [Pause] = []
        #expect(
            Deadline.wait(seconds: 60) {
                seen = (try? Self.pauses(in: daemon.log)) ?? []
                return !seen.isEmpty
            }, "the first connection stops being read\(daemon.logTail)")
        let firstPause = try #require(seen.first)
        #expect(firstPause.reserved == 2 << 20, "it took the whole budget: \(firstPause)")
        #expect(firstPause.allowance == 3 << 20 && firstPause.unread >= firstPause.allowance)

        let second = try daemon.connect()
        _ = second.sendWithoutReading(lines("b"), timeout: 0.5)
        #expect(
            Deadline.wait(seconds: 60) {
                seen = (try? Self.pauses(in: daemon.log)) ?? []
                return seen.count >= 2
            }, "the second connection stops being read\(daemon.logTail)")
        let secondPause = try #require(seen.dropFirst().first)
        #expect(secondPause.connection != firstPause.connection)
        #expect(secondPause.reserved == 0, "none of the budget was left for it: \(secondPause)")
        #expect(secondPause.allowance == 1 << 20)

        // The first reads everything; its budget goes back and the second is read again, up to the budget.
        try readAll(first, tag: "a")
        #expect(
            Deadline.wait(seconds: 60) {
                seen = (try? Self.pauses(in: daemon.log)) ?? []
                return seen.contains { $0.connection == secondPause.connection && $0.reserved > 0 }
            }, "the second connection took the budget once it was free\(daemon.logTail)")
        try readAll(second, tag: "b")
        #expect(try setup.list(["limit": 0])["total"]?.int == 410)
    }

    /// Sends what is left of 200 batches and reads their replies, each the add and the list of `tag`, in order.
    private func readAll(_ client: RawConnection, tag: String) throws {
        for index in 0..<200 {
            let reply = try client.readJSON(timeout: 60)
            let items = try #require(reply.array, "batch \(index) of \(tag): \(reply)")
            #expect(items.first?["id"]?.string == "\(tag)-add-\(index)", "in order: \(items.first ?? nil)")
            #expect(items.last?["result"]?["places"]?.array?.count == 10)
        }
    }
}
