import PlacesClient
import PlacesProtocol
import Testing

@testable import PlacesClient

@Suite(.serialized) struct PlacesConnectionTests {
    private func withServer(
        _ replies: [[String]], _ body: (PlacesConnection) throws -> Void
    ) throws -> [String] {
        let server = try ScriptedServer(replies: replies)
        defer { server.finish() }
        let connection = try PlacesConnection(socketPath: server.path)
        defer { connection.close() }
        try body(connection)
        connection.close()
        server.finish()
        return server.requests
    }

    @Test func skipsNotificationsAndMatchesTheID() throws {
        let requests = try withServer([
            [
                "{\"jsonrpc\":\"2.0\",\"method\":\"places.changed\",\"params\":{}}\n\n",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"ok\":true}}\r\n",
            ],
            ["{\"jsonrpc\":\"2.0\",\"id\":2,", "\"result\":[1,2]}\n"],
        ]) { connection in
            let status = try connection.call("server.status")
            let list = try connection.call("places.list", params: ["limit": 2])
            #expect(status == ["ok": true])
            #expect(list == [1, 2])
        }
        #expect(requests.count == 2)
        let first = try JSONParser.parse(requests[0])
        #expect(first["method"] == "server.status")
        #expect(first["id"] == 1)
        #expect(first["jsonrpc"] == "2.0")
        let second = try JSONParser.parse(requests[1])
        #expect(second["id"] == 2)
        #expect(second["params"] == ["limit": 2])
    }

    @Test func errorResponsesThrowTheRPCError() throws {
        _ = try withServer([
            ["{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32001,\"message\":\"No place with id 'x'.\"}}\n"]
        ]) { connection in
            #expect(throws: ClientError.self) { try connection.call("places.get", params: ["id": "x"]) }
        }
        _ = try withServer([
            ["{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32006,\"message\":\"Too many connections.\"}}\n"]
        ]) { connection in
            do throws(ClientError) {
                _ = try connection.call("server.status")
                Issue.record("expected an error")
            } catch {
                guard case .rpc(let rpcError) = error else {
                    Issue.record("expected .rpc, got \(error)")
                    return
                }
                #expect(rpcError.code == -32006)
            }
        }
    }

    @Test(arguments: [
        ("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":1}\n", "protocol"),
        ("not json\n", "protocol"),
        ("", "closed"),
        ("{\"jsonrpc\":\"2.0\",\"id\":1,", "closed"),
    ])
    func brokenRepliesAreReported(reply: String, kind: String) throws {
        _ = try withServer([[reply]]) { connection in
            do throws(ClientError) {
                _ = try connection.call("server.status")
                Issue.record("expected an error")
            } catch {
                switch (error, kind) {
                case (.protocolViolation, "protocol"), (.connectionClosed, "closed"): break
                default: Issue.record("unexpected \(error) for \(kind)")
                }
            }
        }
    }

    @Test func rawLinesAndEndOfStream() throws {
        _ = try withServer([["one\ntwo\r\n"]]) { connection in
            try connection.send(Array("{}\n".utf8))
            let lines = [try connection.readLine(), try connection.readLine(), try connection.readLine()]
            #expect(lines == [Array("one".utf8), Array("two".utf8), nil])
        }
    }

    @Test func unreachableNamesThePath() {
        do {
            _ = try PlacesConnection(socketPath: "/tmp/placesctl-no-such.sock")
            Issue.record("expected an error")
        } catch {
            guard case .unreachable(let path, let systemError) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == "/tmp/placesctl-no-such.sock")
            #expect(systemError.errno == 2)
        }
    }

    @Test func lineBufferSplitsChunks() {
        var buffer = LineBuffer(maximumLineLength: 100)
        func feed(_ text: String) {
            Array(text.utf8).withUnsafeBytes { buffer.append($0) }
        }
        feed("ab")
        #expect(buffer.nextLine() == nil)
        #expect(buffer.hasPartialLine)
        feed("c\r\nde\n\nf")
        #expect(buffer.nextLine() == Array("abc".utf8))
        #expect(buffer.nextLine() == Array("de".utf8))
        #expect(buffer.nextLine() == [])
        #expect(buffer.nextLine() == nil)
        feed("g\n")
        #expect(buffer.nextLine() == Array("fg".utf8))
        #expect(!buffer.hasPartialLine)
        feed(String(repeating: "x", count: 101))
        #expect(buffer.isOverLimit)
    }
}
