import Glibc
import PlacesClient
import PlacesProtocol
import PlacesSystem
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

    @Test func notificationsAfterTheReplyAreReadInOrder() throws {
        _ = try withServer([
            [
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"revision\":3,\"places\":[]}}\n"
                    + "{\"jsonrpc\":\"2.0\",\"method\":\"places.changed\",\"params\":{\"revision\":4}}\n\n",
                "{\"jsonrpc\":\"2.0\",\"method\":\"places.overflow\"}\n",
            ]
        ]) { connection in
            #expect(try connection.call("places.watch") == ["revision": 3, "places": []])
            let first = try connection.nextNotification()
            #expect(first == ServerNotification(method: "places.changed", params: ["revision": 4]))
            let second = try connection.nextNotification()
            #expect(second == ServerNotification(method: "places.overflow", params: nil))
            #expect(try connection.nextNotification() == nil)
        }
    }

    @Test func waitingTimesOutAndCanBeInterrupted() throws {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer {
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        _ = try withServer([
            [
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":1}\n{\"jsonrpc\":\"2.0\",",
                "\"method\":\"a\"}\n",
            ]
        ]) { connection in
            connection.interruption = FileDescriptor(rawValue: pipeEnds[0])
            #expect(try connection.call("places.watch") == 1)
            #expect(throws: ClientError.self) { try connection.nextMessage(timeoutMilliseconds: 0) }
            let message = try connection.nextMessage(timeoutMilliseconds: 5_000)
            #expect(message == .notification(method: "a", params: nil))
            #expect(write(pipeEnds[1], "!", 1) == 1)
            do throws(ClientError) {
                _ = try connection.nextNotification()
                Issue.record("expected an interruption")
            } catch {
                guard case .interrupted = error else {
                    Issue.record("expected .interrupted, got \(error)")
                    return
                }
            }
        }
    }

    @Test func theRefusalOfARequestTooLongForTheDaemonIsReported() throws {
        let path = "/tmp/placesctl-test-\(UInt64.random(in: 0...UInt64.max)).sock"
        let listener = try UnixSocket.listen(path: path, mode: 0o600)
        defer {
            listener.close()
            unlink(path)
        }
        try listener.setNonBlocking(false)
        let server = try SystemThread.spawn(name: "refuser") {
            guard let connection = try? UnixSocket.accept(listener) else { return }
            try? connection.setNonBlocking(false)
            var bytes = [UInt8](repeating: 0, count: 1024)
            _ = bytes.withUnsafeMutableBytes { try? connection.read(into: $0) }
            let reply = Array(
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Too long.\"}}\n".utf8)
            _ = reply.withUnsafeBytes { try? connection.sendAll($0) }
            connection.close()
        }
        defer { server.join() }
        let connection = try PlacesConnection(socketPath: path)
        defer { connection.close() }
        let huge = JSONValue.string(String(repeating: "x", count: 8 << 20))
        var reports = 0
        do throws(ClientError) {
            _ = try connection.call("places.import", params: ["places": [huge]]) { _, _ in reports += 1 }
            Issue.record("expected a refusal")
        } catch {
            guard case .rpc(let refusal) = error else {
                Issue.record("expected .rpc, got \(error)")
                return
            }
            #expect(refusal.code == -32600)
        }
    }

    @Test func progressIsReportedPieceByPiece() throws {
        var reports: [(Int, Int)] = []
        _ = try withServer([["{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"added\":0}}\n"]]) { connection in
            let big = JSONValue.string(String(repeating: "y", count: PlacesConnection.progressChunkSize * 2))
            _ = try connection.call("places.import", params: ["places": [big]]) { reports.append(($0, $1)) }
        }
        #expect(reports.count == 3)
        #expect(reports.last.map { $0.0 == $0.1 } == true)
        #expect(reports.first?.0 == PlacesConnection.progressChunkSize)
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

    /// A line of megabytes arriving in reads of any size, with lines before and after it, comes out whole, and so
    /// do the lines around it.
    @Test func lineBufferKeepsALongLineReadInManyPieces() {
        var buffer = LineBuffer(maximumLineLength: 1 << 30)
        let long = (0..<300_000).map { "\($0 % 10)" }.joined() + "end"
        let stream = Array(("first\n" + long + "\r\nlast\n").utf8)
        var offset = 0
        var lines: [[UInt8]] = []
        var pieceSize = 1
        while offset < stream.count {
            let end = min(offset + pieceSize, stream.count)
            stream[offset..<end].withUnsafeBytes { buffer.append($0) }
            offset = end
            pieceSize = pieceSize * 3 % 70_001 + 1
            while let line = buffer.nextLine() { lines.append(line) }
        }
        #expect(lines == [Array("first".utf8), Array(long.utf8), Array("last".utf8)])
        #expect(!buffer.hasPartialLine)
        let read = buffer.readInto { free in
            Array("read\nin".utf8).withUnsafeBytes { free.copyMemory(from: $0) }
            return 7
        }
        #expect(read == 7)
        let line = buffer.withNextLine { String(decoding: $0, as: UTF8.self) }
        #expect(line == "read")
        #expect(buffer.hasPartialLine)
    }

    @Test func lineBufferHandsOverALineThatIsAllItHolds() {
        var buffer = LineBuffer(maximumLineLength: 100)
        Array("whole\r\n".utf8).withUnsafeBytes { buffer.append($0) }
        #expect(buffer.nextLine() == Array("whole".utf8))
        #expect(!buffer.hasPartialLine)
        #expect(buffer.nextLine() == nil)
        Array("next\nand".utf8).withUnsafeBytes { buffer.append($0) }
        #expect(buffer.nextLine() == Array("next".utf8))
        #expect(buffer.nextLine() == nil)
        #expect(buffer.hasPartialLine)
    }
}
