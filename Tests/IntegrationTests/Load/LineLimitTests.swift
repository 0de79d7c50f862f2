import Testing

/// `--max-line-bytes`: an oversized line gets -32600 with id null and affects nothing else.
@Suite("Line length limit")
struct LineLimitTests {
    /// A request padded to `size` bytes (newline not included).
    private func paddedAdd(size: Int, id: Int) -> [UInt8] {
        let head =
            #"{"jsonrpc":"2.0","id":\#(id),"method":"places.add","params":{"latitude":1,"longitude":2,"description":""#
        let tail = #""}}"#
        let padding = String(repeating: "x", count: size - head.utf8.count - tail.utf8.count)
        return Array((head + padding + tail).utf8)
    }

    /// A 2,000-byte line under a 1,024-byte limit is refused; other connections and shorter lines are unaffected.
    @Test func oversizedLineIsRefused() throws {
        let daemon = try DaemonProcess.started(arguments: ["--max-line-bytes", "1024"])
        defer { daemon.shutdown() }
        let bystander = try daemon.connect()
        #expect(try bystander.result("server.status")["protocol"] == 1)

        let offender = try daemon.connect()
        let line = paddedAdd(size: 2000, id: 1) + [0x0A]
        _ = offender.sendWithoutReading(line, timeout: 5)
        let response = try offender.readResponse()
        #expect(Reply.code(response) == -32600, "\(response)")
        #expect(response["id"] == .null, "\(response)")

        let fits = try daemon.connect()
        try fits.send(paddedAdd(size: 1000, id: 2) + [0x0A])
        let accepted = try fits.readResponse()
        #expect(accepted["result"] != nil, "a 1,000-byte line is within the limit: \(accepted)")

        #expect(try bystander.result("server.status")["protocol"] == 1, "other connections unaffected")
        #expect(try bystander.list()["total"] == 1, "only the short line's place exists")
    }

    /// A line that exceeds the limit is refused even before its newline arrives.
    @Test func oversizedLineWithoutNewline() throws {
        let daemon = try DaemonProcess.started(arguments: ["--max-line-bytes", "1024"])
        defer { daemon.shutdown() }
        let offender = try daemon.connect()
        _ = offender.sendWithoutReading(paddedAdd(size: 2000, id: 1), timeout: 5)
        let response = try offender.readResponse(timeout: 60)
        #expect(Reply.code(response) == -32600 && response["id"] == .null, "\(response)")
        let other = try daemon.connect()
        #expect(try other.list()["total"] == 0)
    }
}
