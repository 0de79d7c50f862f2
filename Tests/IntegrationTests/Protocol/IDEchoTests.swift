import Testing

/// Request ids come back with the same type and value, written as they were sent.
@Suite("Request id echo")
struct IDEchoTests {
    /// The id of a successful request is echoed with the same type and value, numbers verbatim.
    @Test(arguments: [
        "1", "\"abc\"", "1.5", "null", "-0", "1e2", "-7", "\"\"", "\"é\\n\"", "12345678901234567890", "1E+2", "1.50",
        "-0.0", "\"\\u00e9\"",
    ])
    func successEchoesTheID(_ id: String) throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.send(Request.line(id: id, method: "server.status", params: "{}"))
        let line = try client.readLine()
        let response = try JSON(parsing: line)
        try Reply.checkEnvelope(response, line: line)
        #expect(response["result"] != nil, "\(response)")
        #expect(response["id"] == (try JSON(parsing: id)), "same type and value")
        if !id.hasPrefix("\"") {
            // Numbers keep their exact text; strings may be re-escaped, so only their value is compared.
            #expect(Reply.rawID(in: line) == id, "id written as sent: \(RawConnection.show(line))")
        }
    }

    /// The id of a refused request is echoed too, whatever the error.
    @Test func errorsEchoTheID() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let cases: [(String, String, String, Int)] = [
            ("\"x-1\"", "places.frobnicate", "{}", -32601),
            ("42", "places.add", "{\"latitude\":100,\"longitude\":0}", -32602),
            ("2.5", "places.get", "{\"id\":\"0f8fad5b-d9cb-469f-a165-70867728950e\"}", -32001),
            ("null", "places.add", "[]", -32602),
        ]
        for (id, method, params, code) in cases {
            try client.send(Request.line(id: id, method: method, params: params))
            let line = try client.readLine()
            let response = try JSON(parsing: line)
            try Reply.checkEnvelope(response, line: line)
            #expect(Reply.code(response) == code, "\(response)")
            #expect(response["id"] == (try JSON(parsing: id)), "\(response)")
        }
    }
}
