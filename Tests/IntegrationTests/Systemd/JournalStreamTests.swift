import Testing

/// JOURNAL_STREAM: when stderr is the journal's stream, lines carry "<N>" priorities (the fallback used when
/// sd_journal_sendv cannot reach journald).
@Suite("journal stream")
struct JournalStreamTests {
    /// With JOURNAL_STREAM naming stderr's device and inode and no journald to take structured entries, every
    /// line starts with its syslog priority.
    @Test(
        .enabled(
            if: !Journald.isReachable,
            "journald listens on /run/systemd/journal/socket: entries go to the journal, not to stderr"))
    func prefixedLinesWhenStderrIsTheJournalStream() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let child = try ManagedProcess(in: directory, name: "journal")
        defer { child.shutdown() }
        var environment = ServiceEnvironment.base(in: directory)
        environment["JOURNAL_STREAM"] = try child.logFileIdentity()
        let socketPath = directory.file("s.sock")
        try child.start(
            try Binaries.placesd(),
            ["--socket", socketPath, "--database", directory.file("places.sqlite"), "--log-level", "debug"],
            environment: environment)
        try child.waitForReady()
        let client = try Admission.expectServed(socketPath)
        try client.add(["latitude": 1, "longitude": 2])
        #expect(try child.stop() == .exited(0), "\(child.logTail)")

        let lines = child.log.split(separator: "\n")
        // libsystemd's sd_journal_sendv reports success when journald's socket does not exist (it drops the
        // entry), so a daemon that only falls back on failure writes nothing at all.
        try #require(
            !lines.isEmpty,
            "no log lines at all: entries were handed to sd_journal_sendv, which dropped them without journald")
        let unprefixed = lines.filter { $0.prefixMatch(of: /<[0-7]>/) == nil }
        #expect(unprefixed.isEmpty, "every line carries a priority: \(unprefixed.prefix(3))\(child.logTail)")
        #expect(lines.contains { $0.hasPrefix("<6>Serving ") }, "info is <6>\(child.logTail)")
        #expect(lines.contains { $0.hasPrefix("<7>Client uid ") }, "debug is <7>\(child.logTail)")
        #expect(lines.contains("<5>Received SIGTERM."), "notice is <5>\(child.logTail)")
    }

    /// When JOURNAL_STREAM names some other file, stderr is not the journal: lines read "info: …".
    @Test(arguments: ["0:0", "other-file", "not-a-stream"])
    func plainLinesWhenJournalStreamIsElsewhere(_ kind: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let child = try ManagedProcess(in: directory, name: "plain")
        defer { child.shutdown() }
        var environment = ServiceEnvironment.base(in: directory)
        switch kind {
        case "other-file": environment["JOURNAL_STREAM"] = try ManagedProcess(in: directory).logFileIdentity()
        default: environment["JOURNAL_STREAM"] = kind
        }
        try child.start(
            try Binaries.placesd(), ["--socket", directory.file("s.sock"), "--database", directory.file("p.sqlite")],
            environment: environment)
        try child.waitForReady()
        #expect(try child.stop() == .exited(0), "\(child.logTail)")
        let lines = child.log.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("info: Serving ") }, "\(child.logTail)")
        #expect(!lines.contains { $0.prefixMatch(of: /<[0-7]>/) != nil }, "\(child.logTail)")
    }
}
