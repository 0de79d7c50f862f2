import Glibc
import PlacesSystem
import PlacesSystemd
import Testing

@Suite struct UnixSocketTests {
    @Test func listenConnectAcceptRoundTripCarriesCredentials() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("round-trip.sock")
        let listener = try UnixSocket.listen(path: path, mode: 0o600)
        defer { listener.close() }
        #expect(try UnixSocket.accept(listener) == nil)

        let client = try UnixSocket.connect(path: path)
        defer { client.close() }
        let server = try #require(try UnixSocket.accept(listener))
        defer { server.close() }

        let credentials = try UnixSocket.peerCredentials(server)
        #expect(credentials == PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid()))

        let request = Array("ping\n".utf8)
        try request.withUnsafeBytes { bytes in try client.sendAll(bytes) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let received = try buffer.withUnsafeMutableBytes { bytes in try server.read(into: bytes) }
        #expect(received == request.count)
        #expect(Array(buffer[..<request.count]) == request)
        // Nothing more is waiting: a non-blocking read says "try again".
        let again = try buffer.withUnsafeMutableBytes { bytes in try server.read(into: bytes) }
        #expect(again == nil)

        client.shutdown(reading: false, writing: true)
        let end = try buffer.withUnsafeMutableBytes { bytes in try server.read(into: bytes) }
        #expect(end == 0)
    }

    @Test func peerGroupsAreTheCallersSupplementaryGroups() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("groups.sock")
        let listener = try UnixSocket.listen(path: path, mode: 0o600)
        defer { listener.close() }
        let client = try UnixSocket.connect(path: path)
        defer { client.close() }
        let server = try #require(try UnixSocket.accept(listener))
        defer { server.close() }

        var expected = [gid_t](repeating: 0, count: 1024)
        let count = getgroups(Int32(expected.count), &expected)
        #expect(count >= 0)
        #expect(Set(try UnixSocket.peerGroups(server)) == Set(expected.prefix(Int(count))))
    }

    @Test func sendToClosedPeerThrowsInsteadOfRaisingSIGPIPE() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("pipe.sock")
        let listener = try UnixSocket.listen(path: path, mode: 0o600)
        defer { listener.close() }
        let client = try UnixSocket.connect(path: path)
        let server = try #require(try UnixSocket.accept(listener))
        defer { server.close() }
        client.close()

        let bytes = Array("late\n".utf8)
        let error = #expect(throws: SystemError.self) {
            try bytes.withUnsafeBytes { buffer in _ = try server.send(buffer) }
        }
        #expect(error?.errno == EPIPE || error?.errno == ECONNRESET)
    }

    @Test func staleSocketFileIsReplaced() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("stale.sock")
        // A socket bound and closed without unlinking leaves a file nothing accepts on.
        let first = try UnixSocket.listen(path: path, mode: 0o600)
        first.close()
        #expect(TestSupport.isSocket(path))

        let listener = try UnixSocket.listen(path: path, mode: 0o600)
        defer { listener.close() }
        let client = try UnixSocket.connect(path: path)
        defer { client.close() }
        let server = try #require(try UnixSocket.accept(listener))
        server.close()
    }

    @Test func liveSocketIsRefusedWithAddressInUse() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("live.sock")
        let listener = try UnixSocket.listen(path: path, mode: 0o600)
        defer { listener.close() }

        let error = #expect(throws: SystemError.self) { try UnixSocket.listen(path: path, mode: 0o600) }
        #expect(error?.errno == EADDRINUSE)
        #expect(error?.description.contains("'\(path)'") == true)

        // The running listener keeps its socket file.
        let client = try UnixSocket.connect(path: path)
        defer { client.close() }
        let server = try #require(try UnixSocket.accept(listener))
        server.close()
    }

    @Test func regularFileAtPathIsRefusedAndUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("not-a-socket")
        TestSupport.writeFile(path, "precious\n")

        let error = #expect(throws: SystemError.self) { try UnixSocket.listen(path: path, mode: 0o600) }
        #expect(error?.errno == EEXIST)
        #expect(TestSupport.readFile(path) == "precious\n")
    }

    @Test(arguments: [0o600, 0o660, 0o666] as [UInt32])
    func socketModeIsApplied(mode: UInt32) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("mode.sock")
        let listener = try UnixSocket.listen(path: path, mode: mode)
        defer { listener.close() }
        #expect(TestSupport.mode(of: path) == mode)
    }

    @Test func connectToMissingSocketNamesThePath() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("missing.sock")
        let error = #expect(throws: SystemError.self) { try UnixSocket.connect(path: path) }
        #expect(error?.errno == ENOENT)
        #expect(error?.description == "Failed to connect to socket '\(path)': No such file or directory")
    }

    @Test func tooLongPathIsRefused() throws {
        let path = "/tmp/" + String(repeating: "x", count: 120)
        let connectError = #expect(throws: SystemError.self) { try UnixSocket.connect(path: path) }
        #expect(connectError?.errno == ENAMETOOLONG)
        let listenError = #expect(throws: SystemError.self) { try UnixSocket.listen(path: path, mode: 0o600) }
        #expect(listenError?.errno == ENAMETOOLONG)
    }

    @Test func listenerIsNonBlockingAndCloseOnExec() throws {
        let directory = TemporaryDirectory()
        let listener = try UnixSocket.listen(path: directory.file("flags.sock"), mode: 0o600)
        defer { listener.close() }
        #expect(fcntl(listener.rawValue, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(listener.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        #expect(ServiceManager.isListeningUnixStreamSocket(listener))
        #expect(!ServiceManager.isListeningUnixStreamSocket(.standardInput))
    }

    @Test func acceptedSocketIsNonBlockingAndCloseOnExec() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("accepted.sock")
        let listener = try UnixSocket.listen(path: path, mode: 0o600)
        defer { listener.close() }
        let client = try UnixSocket.connect(path: path)
        defer { client.close() }
        let server = try #require(try UnixSocket.accept(listener))
        defer { server.close() }
        #expect(fcntl(server.rawValue, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(server.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        // The connecting side stays blocking.
        #expect(fcntl(client.rawValue, F_GETFL) & O_NONBLOCK == 0)
        #expect(fcntl(client.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    }
}
