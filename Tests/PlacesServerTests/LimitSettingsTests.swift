import Glibc
import Testing

@testable import PlacesServer

/// The limits as flags and configuration keys: defaults, parsing, refusals, and reload.
@Suite("Limit settings")
struct LimitSettingsTests {
    private let environment = ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/ada"]

    private func resolve(_ arguments: [String]) throws -> ServerConfiguration {
        guard case .serve(let invocation) = try DaemonCommandLine.parse(arguments, environment: environment, uid: 1000)
        else {
            throw UsageError("no invocation for \(arguments)")
        }
        return try invocation.resolve()
    }

    @Test("Every limit has its documented default")
    func defaults() throws {
        let configuration = try resolve([])
        #expect(configuration.maximumConnections == 1024)
        #expect(configuration.maximumConnectionsPerUser == 256)
        #expect(configuration.maximumLineBytes == 1 << 20)
        #expect(configuration.maximumRequestsInFlight == 1024)
        #expect(configuration.maximumPlacesPerUser == 1_000_000)
        #expect(configuration.maximumSubscriberBufferBytes == 4 << 20)
        #expect(configuration.maximumImportPlaces == 100_000)
        #expect(configuration.maximumReplyBytes == 64 << 20)
        #expect(configuration.maximumReplyBytesPerUser == 256 << 20)
    }

    @Test("The new limits as flags")
    func flags() throws {
        let configuration = try resolve([
            "--max-connections-per-user", "3", "--max-requests-in-flight=8", "--max-subscriber-buffer", "1048576",
            "--max-import-places", "10", "--max-reply-buffer", "2097152", "--max-reply-buffer-per-user=3145728",
        ])
        #expect(configuration.maximumConnectionsPerUser == 3)
        #expect(configuration.maximumRequestsInFlight == 8)
        #expect(configuration.maximumSubscriberBufferBytes == 1 << 20)
        #expect(configuration.maximumImportPlaces == 10)
        #expect(configuration.maximumReplyBytes == 2 << 20)
        #expect(configuration.maximumReplyBytesPerUser == 3 << 20)
    }

    @Test("The new limits as keys of the configuration file, which flags override")
    func fileKeys() throws {
        var template = Array("/tmp/placesd-limits-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        let path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        defer { unlink(path) }
        var text = """
            max-connections-per-user = 4
            max-requests-in-flight = 16
            max-subscriber-buffer = 2097152
            max-import-places = 500
            max-reply-buffer = 8388608
            max-reply-buffer-per-user = 16777216

            """
        text.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let configuration = try resolve(["--config", path, "--max-import-places", "20"])
        #expect(configuration.maximumConnectionsPerUser == 4)
        #expect(configuration.maximumRequestsInFlight == 16)
        #expect(configuration.maximumSubscriberBufferBytes == 2 << 20)
        #expect(configuration.maximumImportPlaces == 20)
        #expect(configuration.maximumReplyBytes == 8 << 20)
        #expect(configuration.maximumReplyBytesPerUser == 16 << 20)
    }

    @Test(
        "Bad values are refused, naming the option",
        arguments: [
            (
                ["--max-connections-per-user", "0"],
                "Option '--max-connections-per-user' must be a positive whole number, not '0'."
            ),
            (
                ["--max-requests-in-flight", "-1"],
                "Option '--max-requests-in-flight' must be a positive whole number, not '-1'."
            ),
            (
                ["--max-subscriber-buffer", "1048575"],
                "Option '--max-subscriber-buffer' must be a whole number of at least 1048576, not '1048575'."
            ),
            (
                ["--max-subscriber-buffer", "4M"],
                "Option '--max-subscriber-buffer' must be a whole number of at least 1048576, not '4M'."
            ),
            (
                ["--max-reply-buffer", "1048575"],
                "Option '--max-reply-buffer' must be a whole number of at least 1048576, not '1048575'."
            ),
            (
                ["--max-reply-buffer-per-user", "0"],
                "Option '--max-reply-buffer-per-user' must be a whole number of at least 1048576, not '0'."
            ),
            (["--max-import-places", ""], "Option '--max-import-places' must be a positive whole number, not ''."),
            (["--max-import-places"], "Option '--max-import-places' needs a value."),
        ])
    func badValues(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try DaemonCommandLine.parse(arguments, environment: [:], uid: 1000)
        }
    }

    @Test("A bad value in the file names the file, the line and the key")
    func badFileValue() throws {
        #expect(
            throws: ConfigurationError(
                path: "/f", line: 2,
                reason: "'max-subscriber-buffer' must be a whole number of at least 1048576, not '1024'")
        ) {
            var configuration = ServerConfiguration(environment: [:], uid: 0)
            try ConfigurationFile(path: "/f", text: "# limits\nmax-subscriber-buffer = 1024\n").apply(
                to: &configuration)
        }
    }

    @Test(
        "Every limit is a reloadable key, a flag and in the help text",
        arguments: [
            "max-connections", "max-connections-per-user", "max-line-bytes", "max-requests-in-flight", "max-places",
            "max-subscriber-buffer", "max-import-places", "max-reply-buffer", "max-reply-buffer-per-user",
        ])
    func everywhere(key: String) throws {
        let parsed = try #require(ConfigurationKey(rawValue: key))
        #expect(parsed.isReloadable)
        #expect(DaemonCommandLine.helpText.contains("--\(key) "))
    }
}
