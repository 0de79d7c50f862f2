import Foundation
import Testing

/// Ways a database file can be unusable.
enum Corruption: String, CaseIterable, Sendable {
    /// 64 KiB of random bytes.
    case randomBytes
    /// A valid SQLite header followed by random bytes.
    case sqliteHeaderThenGarbage
    /// A healthy SQLite database of another application.
    case foreignDatabase
    /// A placesd database whose pages after the first were overwritten with random bytes.
    case damagedPlacesDatabase
}

/// placesd refuses to start on a database it cannot read, names the file, and leaves it untouched.
@Suite("Corrupt database")
struct CorruptDatabaseTests {
    /// Random bytes of the given length.
    private func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// Makes the corrupt file at `path`.
    private func make(_ corruption: Corruption, at path: String, in directory: TemporaryDirectory) throws {
        switch corruption {
        case .randomBytes:
            try TemporaryDirectory.write(randomBytes(65536), to: path)
        case .sqliteHeaderThenGarbage:
            try TemporaryDirectory.write(Array("SQLite format 3\0".utf8) + randomBytes(8192 - 16), to: path)
        case .foreignDatabase:
            let sql = "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES ('hi');"
            let made: Subprocess
            if access("/usr/bin/sqlite3", X_OK) == 0 {
                made = try Subprocess.run("/usr/bin/sqlite3", [path, sql], in: directory)
            } else {
                made = try Subprocess.run(
                    "/usr/bin/python3",
                    [
                        "-c",
                        "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.close()",
                        path, sql,
                    ],
                    in: directory)
            }
            #expect(made.status == .exited(0), "\(made.summary)")
        case .damagedPlacesDatabase:
            let daemon = try DaemonProcess(sharing: directory, databasePath: path)
            defer { daemon.shutdown() }
            try daemon.start()
            let client = try daemon.connect()
            for index in 0..<200 {
                try client.add([
                    "name": .string("Place \(index)"), "description": .string(String(repeating: "q", count: 500)),
                    "latitude": 1, "longitude": 2,
                ])
            }
            #expect(try daemon.stop() == .exited(0))
            unlink(path + "-wal")
            unlink(path + "-shm")
            var bytes = try #require(TemporaryDirectory.contents(of: path))
            let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
            let page = pageSize == 1 ? 65536 : pageSize
            #expect(bytes.count > 2 * page, "a database of 200 places spans several pages")
            bytes.replaceSubrange(page..., with: randomBytes(bytes.count - page))
            try TemporaryDirectory.write(bytes, to: path)
        }
    }

    /// placesd exits 1 without becoming ready, names the database on stderr, and leaves its bytes as they were.
    @Test(arguments: Corruption.allCases)
    func refusesToStart(_ corruption: Corruption) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("places.sqlite")
        try make(corruption, at: path, in: directory)
        let original = try #require(TemporaryDirectory.contents(of: path))

        let daemon = try DaemonProcess(sharing: directory, databasePath: path)
        defer { daemon.shutdown() }
        try daemon.spawn()
        let status = try daemon.waitForExit(timeout: 10)
        #expect(status == .exited(1), "\(corruption): \(status)\(daemon.logTail)")
        #expect(daemon.log.contains(path), "stderr names '\(path)'\(daemon.logTail)")
        #expect(daemon.log.contains("database '\(path)': "), "says which file and why\(daemon.logTail)")
        daemon.notify.drain()
        #expect(!daemon.notify.messages[daemon.firstMessageOfRun...].contains("READY=1"))
        #expect(TemporaryDirectory.contents(of: path) == original, "the file is untouched")
        #expect(!TemporaryDirectory.exists(daemon.socketPath), "no socket left behind")
    }
}
