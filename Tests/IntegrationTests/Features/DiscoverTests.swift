import Foundation
import Testing

/// `rpc.discover`: an OpenRPC document of exactly the implemented methods, the same as the committed copy.
@Suite("rpc.discover")
struct DiscoverTests {
    /// The contract's implemented methods.
    static let methods: Set<String> = [
        "places.add", "places.get", "places.list", "places.update", "places.remove", "places.move", "places.near",
        "places.resolve", "places.density",
        "places.watch", "places.import", "places.export", "server.status", "server.unlock", "server.backup",
        "rpc.discover", "places.undo", "places.history", "places.tags", "places.import.begin", "places.import.add",
        "places.import.commit", "places.import.abort",
    ]

    /// The repository's root, found from this file's path (Tests/IntegrationTests/Features/…).
    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// The method names are the contract's list, each once, each with params and a result.
    @Test func describesExactlyTheImplementedMethods() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let document = try client.result("rpc.discover")
        #expect(document["openrpc"]?.string?.hasPrefix("1.") == true, "\(document["openrpc"] ?? nil)")
        #expect(document["info"]?["title"]?.string?.isEmpty == false && document["info"]?["version"] != nil)
        let methods = document["methods"]?.array ?? []
        let names = methods.map { $0["name"]?.string ?? "?" }
        let extra = Set(names).subtracting(Self.methods)
        let missing = Self.methods.subtracting(names)
        #expect(Set(names) == Self.methods, "extra: \(extra), missing: \(missing)")
        #expect(names.count == Set(names).count, "each method once: \(names)")
        for method in methods {
            #expect(method["params"]?.array != nil && method["result"]?.object != nil, "\(method["name"] ?? nil)")
        }
        expectError(try client.error("rpc.discover", ["verbose": true]), code: -32602, field: "verbose")
    }

    /// What the daemon answers is what docs/openrpc.json holds (compared as parsed JSON).
    @Test func equalsTheCommittedDocument() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let path = Self.repositoryRoot + "/docs/openrpc.json"
        let committedBytes = try #require(TemporaryDirectory.contents(of: path), "cannot read \(path)")
        let committed = try JSON(parsing: committedBytes)
        let served = try daemon.connect().result("rpc.discover")
        #expect(served == committed, "regenerate docs/openrpc.json with: make openrpc")
        #expect(Set((committed["methods"]?.array ?? []).map { $0["name"]?.string ?? "?" }) == Self.methods)
    }
}
