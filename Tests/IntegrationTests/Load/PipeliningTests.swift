import Testing

/// Many requests written at once are executed and answered in order.
@Suite("Pipelining")
struct PipeliningTests {
    /// 1,000 mixed requests in one write get 1,000 responses in order, each seeing the effects of those before.
    @Test func thousandRequestsInOneWrite() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let seed = try client.add(["name": "Seed", "latitude": 1, "longitude": 2])
        let seedID = try #require(seed["id"])

        var text = ""
        var expectedTotals: [Int: Int] = [:]
        var added = 0
        for id in 1...1000 {
            switch id % 3 {
            case 0:
                text += Request.line(
                    id: id, method: "places.add", params: ["name": .string("p\(id)"), "latitude": 1, "longitude": 2])
                added += 1
            case 1:
                text += Request.line(id: id, method: "places.get", params: ["id": seedID])
            default:
                text += Request.line(id: id, method: "places.list", params: ["limit": 1, "offset": 0])
                expectedTotals[id] = 1 + added
            }
        }
        try client.send(Array(text.utf8), timeout: 30)

        let deadline = Deadline(seconds: 30)
        var failures: [String] = []
        for id in 1...1000 {
            let response = try client.readResponse(timeout: max(0.1, Double(deadline.remainingMilliseconds) / 1000))
            guard response["id"] == .number(Double(id)) else {
                Issue.record("response \(id) out of order: \(response)")
                return
            }
            guard let result = response["result"] else {
                failures.append("\(id): \(response)")
                continue
            }
            switch id % 3 {
            case 0:
                if result["name"] != .string("p\(id)") { failures.append("\(id): \(result)") }
            case 1:
                if result != seed { failures.append("\(id): \(result)") }
            default:
                if result["total"]?.int != expectedTotals[id] {
                    failures.append("\(id): total \(result["total"] ?? nil), expected \(expectedTotals[id]!)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(try client.list()["total"]?.int == 1 + added)
    }
}
