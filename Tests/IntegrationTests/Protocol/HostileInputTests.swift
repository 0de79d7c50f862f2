import Testing

/// Hostile input that must neither crash the daemon nor disturb other clients.
@Suite("Hostile input")
struct HostileInputTests {
    /// Deeply nested JSON gets an error (parse error or invalid request, id null), not a crash.
    @Test(arguments: [100_000, 1000])
    func deepNesting(_ depth: Int) throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.send(String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n")
        let reply = try client.readJSON()
        let first = reply.array?.first ?? reply
        #expect([-32700, -32600].contains(Reply.code(first)), "\(reply.text.prefix(200))")
        #expect(try daemon.connect().result("server.status")["protocol"] == 1, "the daemon survives")
    }

    /// NUL bytes and lone control characters in a line are a parse error.
    @Test func controlBytes() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"server.status"}"#.utf8)
        for line in [
            request + [0], [0] + request,
            Array(#"{"jsonrpc":"2.0","id":1,"method":"server"#.utf8) + [0x01] + Array(#"status"}"#.utf8),
        ] {
            try client.send(line + [0x0A])
            let response = try client.readResponse()
            #expect(
                Reply.code(response) == -32700 && response["id"] == .null, "\(RawConnection.show(line)) → \(response)")
        }
        #expect(try client.result("server.status")["protocol"] == 1)
    }

    /// Escaped surrogate pairs decode to one character; names compare as text.
    @Test func escapedUnicode() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.send(
            Request.line(
                id: "1", method: "places.add", params: #"{"name":"\ud83d\ude00 Caf\u00e9","latitude":1,"longitude":2}"#)
        )
        let response = try client.readResponse()
        #expect(response["result"]?["name"] == "😀 Café", "\(response)")
    }

    /// A client that sends many requests and disconnects without reading the replies harms nobody.
    @Test func disconnectWithRepliesPending() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let observer = try daemon.connect()
        for _ in 0..<20 {
            try observer.add([
                "description": .string(String(repeating: "r", count: 5000)), "latitude": 1, "longitude": 2,
            ])
        }
        for round in 0..<5 {
            let leaver = try daemon.connect()
            var flood = ""
            for id in 0..<500 {
                flood +=
                    id % 10 == 0
                    ? Request.line(
                        id: id, method: "places.add",
                        params: ["name": .string("leaver \(round) \(id)"), "latitude": 1, "longitude": 2])
                    : Request.line(id: id, method: "places.list", params: [:])
            }
            _ = leaver.sendWithoutReading(Array(flood.utf8), timeout: 1)
        }
        #expect(try observer.result("server.status", timeout: 60)["protocol"] == 1, "the daemon survives (SIGPIPE)")
        let closed = Deadline.wait(seconds: 60) { (try? observer.result("server.status")["connections"]) == 1 }
        #expect(closed, "the departed connections are closed")
        let list = try observer.list()
        let leftovers = names(list).filter { $0.hasPrefix("leaver") }
        #expect(list["total"]?.int == 20 + leftovers.count, "\(list["total"] ?? nil)")
    }
}
