import Glibc

/// The environment, files and clocks the systemd tests start `placesd` with.
enum ServiceEnvironment {
    /// The tests' clean environment with no configuration file found by default: `CONFIGURATION_DIRECTORY` names
    /// a directory in `directory` that holds no `placesd.conf` (a missing default file means the defaults), so a
    /// file in `/etc/placesd` cannot change what a test sees.
    static func base(in directory: TemporaryDirectory) -> [String: String] {
        var environment = Spawn.cleanEnvironment()
        environment["CONFIGURATION_DIRECTORY"] = directory.file("no-configuration")
        return environment
    }

    /// Writes (or replaces) a configuration file made of `lines`.
    static func writeConfiguration(_ lines: [String], to path: String) throws {
        try TemporaryDirectory.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: path)
    }

    /// `CLOCK_MONOTONIC` now, in microseconds, as `MONOTONIC_USEC=` carries it.
    static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }

    /// The path of `systemd-socket-activate`, or a failure naming the package that has it.
    static func socketActivate() throws -> String {
        for path in ["/usr/bin/systemd-socket-activate", "/bin/systemd-socket-activate"] where access(path, X_OK) == 0 {
            return path
        }
        throw TestFailure("No systemd-socket-activate: install the 'systemd' package")
    }
}
