import PlacesSystem
import Testing

@Suite struct DefaultPathsTests {
    @Test(
        arguments: [
            (["XDG_RUNTIME_DIR": "/run/user/1000"], 1000, "/run/user/1000/placesd.sock"),
            (["XDG_RUNTIME_DIR": "/run/user/1000/"], 1000, "/run/user/1000/placesd.sock"),
            (["XDG_RUNTIME_DIR": "/run/user/0"], 0, "/run/user/0/placesd.sock"),
            ([:], 0, "/run/placesd/placesd.sock"),
            (["XDG_RUNTIME_DIR": ""], 0, "/run/placesd/placesd.sock"),
            ([:], 1000, "/tmp/placesd-1000/placesd.sock"),
            (["XDG_RUNTIME_DIR": ""], 1000, "/tmp/placesd-1000/placesd.sock"),
            (["XDG_RUNTIME_DIR": "relative"], 1000, "/tmp/placesd-1000/placesd.sock"),
        ] as [([String: String], UInt32, String)])
    func socketPath(environment: [String: String], uid: UInt32, expected: String) {
        #expect(DefaultPaths.socketPath(environment: environment, uid: uid) == expected)
    }

    @Test func systemSocketPath() {
        #expect(DefaultPaths.systemSocketPath == "/run/placesd/placesd.sock")
    }

    @Test(
        arguments: [
            (["STATE_DIRECTORY": "/var/lib/placesd", "HOME": "/root"], 0, "/var/lib/placesd/places.sqlite"),
            (["STATE_DIRECTORY": "/var/lib/placesd:/var/lib/other"], 0, "/var/lib/placesd/places.sqlite"),
            (["XDG_STATE_HOME": "/home/a/.state", "HOME": "/home/a"], 1000, "/home/a/.state/placesd/places.sqlite"),
            (["XDG_STATE_HOME": "", "HOME": "/home/a"], 1000, "/home/a/.local/state/placesd/places.sqlite"),
            (["XDG_STATE_HOME": "rel", "HOME": "/home/a"], 1000, "/home/a/.local/state/placesd/places.sqlite"),
            (["HOME": "/home/a"], 1000, "/home/a/.local/state/placesd/places.sqlite"),
            (["HOME": "/root"], 0, "/root/.local/state/placesd/places.sqlite"),
            ([:], 0, "/var/lib/placesd/places.sqlite"),
            (["HOME": ""], 0, "/var/lib/placesd/places.sqlite"),
            (["STATE_DIRECTORY": "", "HOME": "/home/a"], 1000, "/home/a/.local/state/placesd/places.sqlite"),
        ] as [([String: String], UInt32, String)])
    func databasePath(environment: [String: String], uid: UInt32, expected: String) {
        #expect(DefaultPaths.databasePath(environment: environment, uid: uid) == expected)
    }

    @Test func databasePathWithoutHomeFallsBackToThePasswordDatabase() {
        // No user has this id, so neither HOME nor the password database helps.
        #expect(
            DefaultPaths.databasePath(environment: [:], uid: 4_000_000_001) == "/tmp/placesd-4000000001/places.sqlite")
    }
}
