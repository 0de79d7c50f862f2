import Testing

/// JSON-RPC 2.0 framing and envelope rules, checked on raw bytes.
@Suite("JSON-RPC envelope")
struct EnvelopeTests {
    /// Sends `line`, expects one error response with `code` and `id`, then checks the connection still works.
    private func expectRefusal(
        _ client: RawConnection, _ line: [UInt8], code: Int, id: JSON,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try client.send(line)
        let response = try client.readResponse()
        #expect(
            Reply.code(response) == code, "\(RawConnection.show(line)) → \(response)", sourceLocation: sourceLocation)
        #expect(response["id"] == id, "\(RawConnection.show(line)) → \(response)", sourceLocation: sourceLocation)
        #expect(
            try client.result("server.status")["protocol"] == 1, "connection still usable",
            sourceLocation: sourceLocation)
    }

    /// Invalid JSON and invalid UTF-8 get -32700 with id null; the connection stays usable.
    @Test func parseErrors() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let invalid = [
            #"{"jsonrpc":"2.0","#, #"{"jsonrpc":"2.0","id":1,"method":"server.status""#, "nonsense", "{'a':1}",
            #"{"jsonrpc":"2.0","id":1,"method":"server.status",}"#, #"{"jsonrpc":"2.0","id":01,"method":"x"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"server.status"} trailing"#, #"{"a":"\x"}"#, "[1,2",
        ]
        for text in invalid {
            try expectRefusal(client, Array((text + "\n").utf8), code: -32700, id: .null)
        }
        let prefix = Array(#"{"jsonrpc":"2.0","id":1,"method":"places.add","params":{"name":""#.utf8)
        let suffix = Array(#"","latitude":1,"longitude":2}}"#.utf8) + [0x0A]
        for bad: [UInt8] in [[0xC3, 0x28], [0xFF], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xE2, 0x82]] {
            try expectRefusal(client, prefix + bad + suffix, code: -32700, id: .null)
        }
        #expect(try client.list()["total"] == 0, "nothing invalid was added")
    }

    /// Objects that are not JSON-RPC 2.0 requests (params that are neither object nor array included) get -32600
    /// with their id when it can be read.
    @Test func invalidRequests() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let cases: [(String, JSON)] = [
            (#"{"id":7,"method":"server.status"}"#, 7),
            (#"{"jsonrpc":"1.0","id":8,"method":"server.status"}"#, 8),
            (#"{"jsonrpc":2.0,"id":"nine","method":"server.status"}"#, "nine"),
            (#"{"jsonrpc":"2.0","id":10,"method":5}"#, 10),
            (#"{"jsonrpc":"2.0","id":11,"method":null}"#, 11),
            (#"{"jsonrpc":"2.0","id":12}"#, 12),
            (#"{"jsonrpc":"2.0","id":13,"method":"places.add","params":"latitude"}"#, 13),
            (#"{"jsonrpc":"2.0","id":14,"method":"places.list","params":5}"#, 14),
            (#"{"jsonrpc":"2.0","id":{"a":1},"method":"server.status"}"#, nil),
            (#"{"jsonrpc":"2.0","id":[1],"method":"server.status"}"#, nil),
            (#"{"jsonrpc":"2.0","id":true,"method":"server.status"}"#, nil),
            ("5", nil),
            (#""server.status""#, nil),
            ("null", nil),
        ]
        for (text, id) in cases {
            try expectRefusal(client, Array((text + "\n").utf8), code: -32600, id: id)
        }
    }

    /// An unknown method is -32601 whatever its params, as the JSON-RPC 2.0 specification's own examples
    /// (`subtract` with `[42, 23]`) expect; params by position get -32602 only from a method that exists.
    @Test func unknownMethodComesBeforeItsParams() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let lines = [
            (#"{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}"#, -32601, 1 as JSON),
            (#"{"jsonrpc":"2.0","method":"subtract","params":{"minuend":42},"id":"a"}"#, -32601, "a"),
            (#"{"jsonrpc":"2.0","method":"places.get","params":["x"],"id":2}"#, -32602, 2),
            (#"{"jsonrpc":"2.0","method":"server.status","params":[],"id":3}"#, -32602, 3),
        ]
        for (line, code, id) in lines {
            try expectRefusal(client, Array((line + "\n").utf8), code: code, id: id)
        }
        try client.send(#"{"jsonrpc":"2.0","method":"places.list","params":[],"id":4}"# + "\n")
        let positional = try client.readResponse()
        #expect(
            positional["error"]?["data"] == [
                "field": "params", "reason": "must be an object (parameters are passed by name)",
            ])

        // Notifications get no answer either way; the next line is the next request's.
        try client.send(#"{"jsonrpc":"2.0","method":"subtract","params":[42,23]}"# + "\n")
        try client.send(#"{"jsonrpc":"2.0","method":"places.add","params":[1,2]}"# + "\n")
        let notification = #"{"jsonrpc":"2.0","method":"subtract","params":[1]}"#
        try client.send("[\(notification),\(#"{"jsonrpc":"2.0","id":9,"method":"nope","params":[1]}"#)]\n")
        let batch = try #require(try client.readJSON().array)
        #expect(batch.count == 1 && batch.first?["id"] == 9 && Reply.code(batch[0]) == -32601, "\(batch)")
        #expect(try client.list()["total"] == 0)
    }

    /// A batch gets an array of the requests' responses in order; notifications in it get none but take effect.
    @Test func mixedBatch() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let batch = [
            #"{"jsonrpc":"2.0","id":1,"method":"server.status"}"#,
            #"{"jsonrpc":"2.0","method":"places.add","params":{"name":"Batched","latitude":1,"longitude":2}}"#,
            #"{"jsonrpc":"2.0","id":"two","method":"places.list"}"#,
            #"{"jsonrpc":"2.0","method":"places.frobnicate"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"places.frobnicate"}"#,
            #"{"jsonrpc":"2.0","method":"server.status"}"#,
        ]
        try client.send("[" + batch.joined(separator: ",") + "]\n")
        let reply = try client.readJSON()
        let responses = try #require(reply.array, "a batch gets an array: \(reply)")
        #expect(responses.count == 3, "\(reply)")
        guard responses.count == 3 else { return }
        #expect(responses.map { $0["id"] } == [1, "two", 3], "in order")
        #expect(responses[0]["result"]?["protocol"] == 1)
        #expect(names(responses[1]["result"] ?? nil) == ["Batched"], "the notification before it took effect")
        #expect(Reply.code(responses[2]) == -32601)
        #expect(try client.list()["total"] == 1)
    }

    /// A batch of only notifications gets no response at all: the next line is the next request's response.
    @Test func batchOfNotificationsGetsNothing() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let add = #"{"jsonrpc":"2.0","method":"places.add","params":{"latitude":1,"longitude":2}}"#
        let bad = #"{"jsonrpc":"2.0","method":"places.add","params":{"latitude":91,"longitude":2}}"#
        try client.send("[\(add),\(bad),\(add)]\n")
        try client.send(Request.line(id: "99", method: "places.list", params: "{}"))
        let response = try client.readResponse()
        #expect(response["id"] == 99, "the very next line answers id 99: \(response)")
        #expect(response["result"]?["total"] == 2, "\(response)")
    }

    /// `[]` gets a single -32600 (not an array); `[1,2]` gets an array of two -32600 errors.
    @Test func degenerateBatches() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try expectRefusal(client, Array("[]\n".utf8), code: -32600, id: .null)
        try expectRefusal(client, Array("[ ]\n".utf8), code: -32600, id: .null)

        try client.send("[1,2]\n")
        let line = try client.readLine()
        let reply = try JSON(parsing: line)
        let responses = try #require(reply.array, "expected an array: \(reply)")
        #expect(responses.count == 2)
        for response in responses {
            try Reply.checkEnvelope(response, line: line)
            #expect(Reply.code(response) == -32600 && response["id"] == .null, "\(response)")
        }
    }

    /// Notifications get no reply but take effect, even when they fail or name no method the daemon knows.
    @Test func notificationsTakeEffectSilently() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.send(
            Request.notification(method: "places.add", params: ["name": "Quiet", "latitude": 1, "longitude": 2]))
        try client.send(Request.notification(method: "places.frobnicate"))
        try client.send(Request.notification(method: "places.add", params: ["latitude": 100, "longitude": 2]))
        try client.send(Request.notification(method: "places.get", params: [:]))
        let list = try client.list()
        #expect(names(list) == ["Quiet"], "the first response is the list's, and it sees the added place: \(list)")
        #expect(try client.hasInput(within: 0.2) == false, "nothing else was sent")
    }

    /// `\r\n` line endings are accepted, blank lines are ignored, and one write may hold several requests.
    @Test func lineEndingsAndBlankLines() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.send("\n\r\n\n" + #"{"jsonrpc":"2.0","id":1,"method":"server.status"}"# + "\r\n\r\n")
        let first = try client.readLine()
        #expect(first.last != UInt8(ascii: "\r"), "responses end in a bare \\n")
        #expect(try JSON(parsing: first)["id"] == 1)
        try client.send(
            #"{"jsonrpc":"2.0","id":2,"method":"server.status"}"# + "\n\n"
                + #"{"jsonrpc":"2.0","id":3,"method":"server.status"}"# + "\n")
        #expect(try client.readResponse()["id"] == 2)
        #expect(try client.readResponse()["id"] == 3)
        #expect(try client.hasInput(within: 0.2) == false, "blank lines get no response")
    }

    /// A request split across several writes is answered once its line is complete, and not before.
    @Test func requestSplitAcrossWrites() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let line = Array(
            Request.line(id: 5, method: "places.add", params: ["name": "Split", "latitude": 1, "longitude": 2]).utf8)
        let half = line.count / 2
        try client.send(Array(line[..<half]))
        #expect(try client.hasInput(within: 0.2) == false, "no response before the newline")
        try client.send(Array(line[half..<(line.count - 1)]))
        #expect(try client.hasInput(within: 0.1) == false, "no response before the newline")
        try client.send([0x0A])
        let response = try client.readResponse()
        #expect(response["id"] == 5 && response["result"]?["name"] == "Split", "\(response)")
    }
}
