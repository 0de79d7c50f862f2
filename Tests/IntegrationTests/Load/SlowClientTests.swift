import Testing

/// Clients that stop reading or stop mid-line do not hold up anyone else.
@Suite("Slow clients")
struct SlowClientTests {
    /// With one client never reading its (large) replies and another stalled mid-line, a third client's reads and
    /// writes are still answered: a daemon held up by either would leave them waiting (however fast the machine,
    /// so the waits are generous and nothing is timed).
    @Test func stalledClientsDoNotBlockOthers() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let writer = try daemon.connect()
        let description = String(repeating: "z", count: 2000)
        var seed = ""
        for id in 1...100 {
            seed += Request.line(
                id: id, method: "places.add",
                params: ["description": .string(description), "latitude": 1, "longitude": 2])
        }
        try writer.send(seed)
        for _ in 1...100 { #expect(try writer.readResponse()["result"] != nil) }

        // Each list reply is about 250 KB: a few fill every socket buffer between the daemon and this client.
        let reader = try daemon.connect()
        let list = Array(Request.line(id: "1", method: "places.list", params: "{}").utf8)
        var flood: [UInt8] = []
        for _ in 0..<2000 { flood += list }
        let written = reader.sendWithoutReading(flood, timeout: 1)

        let staller = try daemon.connect()
        try staller.send(#"{"jsonrpc":"2.0","id":1,"method":"serv"#)

        let other = try daemon.connect()
        for round in 1...10 {
            let status = try other.result("server.status", timeout: 60)
            #expect(status["places"]?.int == 100 + round - 1, "round \(round) (flood wrote \(written) bytes)")
            try other.result(
                "places.add", ["name": .string("During \(round)"), "latitude": 1, "longitude": 2], timeout: 60)
            #expect(try other.result("places.list", ["query": .string("During \(round)")], timeout: 60)["total"] == 1)
        }
        let residentMegabytes = try #require(daemon.residentMegabytes())
        // The flood's replies come to about 500 MB; placesd keeps at most max-reply-buffer (64 MiB) of them. The
        // bound leaves room for AddressSanitizer's quarantine and shadow memory (262 MB there once).
        #expect(residentMegabytes < 384, "replies to a client that does not read are not piled up in memory")
        let late = try daemon.connect()
        #expect(try late.result("server.status", timeout: 60)["protocol"] == 1, "new connections are accepted too")
        _ = reader
        _ = staller
    }
}
