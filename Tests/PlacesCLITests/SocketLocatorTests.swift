import PlacesClient
import PlacesSystem
import Testing

@Suite struct SocketLocatorTests {
    /// An environment with a user runtime directory.
    let userEnvironment = ["XDG_RUNTIME_DIR": "/run/user/1000"]

    @Test func explicitPathWins() {
        let path = SocketLocator.resolve(
            explicit: "/x.sock", environment: ["PLACES_SOCKET": "/env.sock"], uid: 1000, fileExists: { _ in true })
        #expect(path == "/x.sock")
    }

    @Test func environmentComesNext() {
        var environment = userEnvironment
        environment["PLACES_SOCKET"] = "/env.sock"
        #expect(
            SocketLocator.resolve(explicit: nil, environment: environment, uid: 1000, fileExists: { _ in true })
                == "/env.sock")
        environment["PLACES_SOCKET"] = ""
        let userPath = DefaultPaths.socketPath(environment: environment, uid: 1000)
        #expect(
            SocketLocator.resolve(explicit: nil, environment: environment, uid: 1000, fileExists: { _ in true })
                == userPath)
    }

    @Test func userSocketOnlyIfItExists() {
        let userPath = DefaultPaths.socketPath(environment: userEnvironment, uid: 1000)
        var asked: [String] = []
        let found = SocketLocator.resolve(explicit: nil, environment: userEnvironment, uid: 1000) { path in
            asked.append(path)
            return true
        }
        #expect(found == userPath)
        #expect(asked == [userPath])
        let missing = SocketLocator.resolve(explicit: nil, environment: userEnvironment, uid: 1000) { _ in false }
        #expect(missing == DefaultPaths.systemSocketPath)
        #expect(missing == "/run/placesd/placesd.sock")
    }

    @Test func theCLIUsesTheLookup() {
        var harness = CLIHarness()
        harness.respond = { _, _ in .success(["version": "0.1.0"]) }
        #expect(harness.run("status").connectedPaths == ["/tmp/test.sock"])
        #expect(harness.run("--socket", "/other.sock", "status").connectedPaths == ["/other.sock"])
        harness.environment = [:]
        #expect(harness.run("status").connectedPaths == ["/run/placesd/placesd.sock"])
    }
}
