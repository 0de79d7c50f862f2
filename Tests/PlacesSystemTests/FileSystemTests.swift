import Glibc
import PlacesSystem
import Testing

@Suite struct FileSystemTests {
    @Test func createsMissingParentsWithMode0700() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a/b/c/places.sqlite")
        try FileSystem.createParentDirectories(of: path)
        for created in ["a", "a/b", "a/b/c"] {
            #expect(TestSupport.mode(of: directory.file(created)) == 0o700, "\(created)")
        }
        #expect(!FileSystem.fileExists(path))
        #expect(FileSystem.fileExists(directory.file("a/b/c")))
        // Already there: nothing to do, modes untouched.
        chmod(directory.file("a"), 0o755)
        try FileSystem.createParentDirectories(of: path)
        #expect(TestSupport.mode(of: directory.file("a")) == 0o755)
    }

    @Test func fileInTheWayFailsWithNotADirectory() throws {
        let directory = TemporaryDirectory()
        TestSupport.writeFile(directory.file("a"), "file")
        let error = #expect(throws: SystemError.self) {
            try FileSystem.createParentDirectories(of: directory.file("a/b/places.sqlite"))
        }
        #expect(error?.errno == ENOTDIR)
        #expect(error?.operation == "create directory '\(directory.file("a"))'")
    }

    @Test func pathWithoutDirectoryNeedsNothing() throws {
        try FileSystem.createParentDirectories(of: "places.sqlite")
        try FileSystem.createParentDirectories(of: "/places.sqlite")
    }

    @Test func removeFileIgnoresMissingFiles() throws {
        let directory = TemporaryDirectory()
        TestSupport.writeFile(directory.file("f"), "x")
        try FileSystem.removeFile(directory.file("f"))
        #expect(!FileSystem.fileExists(directory.file("f")))
        try FileSystem.removeFile(directory.file("f"))
    }

    @Test func identities() {
        #expect(FileSystem.realUserID() == getuid())
        #expect(FileSystem.homeDirectory(uid: 0) == "/root")
        #expect(Groups.groupID(named: "root") == 0)
        #expect(Groups.groupID(named: "no-such-group-placesd") == nil)
    }

    @Test func openFileLimitIsRaisedToTheHardLimit() throws {
        let raised = try ResourceLimits.raiseOpenFileLimit()
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #expect(raised == UInt64(limit.rlim_cur))
        #expect(limit.rlim_cur == limit.rlim_max || limit.rlim_max == rlim_t.max)
    }

    @Test func clocksAndTerminals() {
        let first = Clock.monotonicNanoseconds()
        #expect(Clock.monotonicNanoseconds() >= first)
        #expect(Clock.realtimeMilliseconds() > 1_700_000_000_000)
        let (readEnd, writeEnd) = TestSupport.makePipe()
        defer {
            close(readEnd)
            close(writeEnd)
        }
        #expect(!Terminal.isTerminal(readEnd))
        #expect(Terminal.columns(readEnd) == nil)
    }
}
