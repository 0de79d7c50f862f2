import Testing

/// Checks that the daemon admits or turns away a new connection.
enum Admission {
    /// Connects to `path` and expects a `server.status` answer; returns the open connection.
    static func expectServed(
        _ path: String, _ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RawConnection {
        let client = try RawConnection(path: path)
        let response = try client.call("server.status")
        #expect(response["result"]?["protocol"] == 1, "\(response) \(context())", sourceLocation: sourceLocation)
        return client
    }

    /// Connects to `path` and expects the single -32006 line with `id` null, then the end of the connection.
    static func expectRefused(
        _ path: String, _ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let client = try RawConnection(path: path)
        let line = try client.readLine(timeout: 60)
        let response = try JSON(parsing: line)
        try Reply.checkEnvelope(response, line: line)
        #expect(Reply.code(response) == -32006, "\(response) \(context())", sourceLocation: sourceLocation)
        #expect(response["id"] == .null, "\(response)", sourceLocation: sourceLocation)
        #expect(client.closesWithin(timeout: 60), "the refused connection is closed", sourceLocation: sourceLocation)
    }
}
