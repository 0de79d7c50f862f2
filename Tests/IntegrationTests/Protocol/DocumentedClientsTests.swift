import Testing

/// The command lines README.md and docs/protocol.md give for talking to the socket with everyday tools: each
/// gets its answer and ends by itself.
@Suite("Documented clients")
struct DocumentedClientsTests {
    /// Runs `pipeline` with `sh -c`, the daemon's socket as `$1`; it must finish on its own.
    private func shell(_ pipeline: String, daemon: DaemonProcess) throws -> Subprocess {
        let sh = try ExternalTool.path("sh", package: "dash")
        return try Subprocess.run(sh, ["-c", pipeline, "sh", daemon.socketPath], in: daemon.directory, timeout: 30)
    }

    /// The response line a documented command printed.
    private func response(_ run: Subprocess, id: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON
    {
        try #require(run.status == .exited(0), "\(run.summary)", sourceLocation: sourceLocation)
        let lines = run.stdout.split(separator: "\n")
        try #require(lines.count == 1, "one response line: \(run.summary)", sourceLocation: sourceLocation)
        let response = try JSON(parsing: String(lines[0]))
        #expect(response["id"]?.int == id, "\(response)", sourceLocation: sourceLocation)
        return try #require(response["result"], "\(response)", sourceLocation: sourceLocation)
    }

    @Test func socatAndNetcat() throws {
        _ = try ExternalTool.path("socat", package: "socat")
        _ = try ExternalTool.path("nc", package: "netcat-openbsd")
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }

        let add =
            #"{"jsonrpc":"2.0","id":1,"method":"places.add","params":{"name":"Eiffel Tower","latitude":48.8584,"longitude":2.2945}}"#
        let added = try response(shell("echo '\(add)' | socat - UNIX-CONNECT:\"$1\"", daemon: daemon), id: 1)
        #expect(added["name"] == "Eiffel Tower")

        let list = #"{"jsonrpc":"2.0","id":1,"method":"places.list","params":{"visited":false}}"#
        let listed = try response(shell("echo '\(list)' | socat - UNIX-CONNECT:\"$1\"", daemon: daemon), id: 1)
        #expect(listed["total"] == 1)

        // Without -N, nc never shuts its side down and waits for a close that never comes.
        let status = #"{"jsonrpc":"2.0","id":2,"method":"server.status"}"#
        let answered = try response(shell("echo '\(status)' | nc -N -U \"$1\"", daemon: daemon), id: 2)
        #expect(answered["places"] == 1 && answered["protocol"] == 1, "\(answered)")
    }
}
