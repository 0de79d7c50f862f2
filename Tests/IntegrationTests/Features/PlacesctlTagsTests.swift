import Testing

/// placesctl's tag, untag, tags, list --tag, add --tag and visit --on against a real daemon.
@Suite("placesctl tags and visit dates")
struct PlacesctlTagsTests {
    /// Runs placesctl with `--socket` pointing at `daemon`; requires exit status 0 and nothing on stderr.
    @discardableResult
    private func succeed(
        _ daemon: DaemonProcess, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let run = try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory)
        try #require(
            run.status == .exited(0) && run.stderr.isEmpty, "\(arguments): \(run.summary)",
            sourceLocation: sourceLocation)
        return run.stdout
    }

    @Test func tagsFromTheCommandLine() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try succeed(
            daemon, ["add", "Colosseum", "--lat", "41.89", "--lon", "12.49", "--tag", "Rome", "--tag", "ancient"])
        let id = try #require(client.list()["places"]?[0]?["id"]?.string)
        let tagged = try succeed(daemon, ["tag", String(id.prefix(8)), "monuments", "ROME"])
        #expect(tagged.contains("has tags: ancient, monuments, Rome."), "\(tagged)")
        let untagged = try succeed(daemon, ["untag", id, "Ancient"])
        #expect(untagged.contains("has tags: monuments, Rome."), "\(untagged)")
        try succeed(daemon, ["add", "Uffizi", "--lat", "43.77", "--lon", "11.25", "--tag", "museums"])

        let listed = try succeed(daemon, ["list", "--tag", "rome", "--tag", "Monuments"])
        #expect(listed.contains("TAGS") && listed.contains("monuments,Rome"), "\(listed)")
        #expect(listed.contains("Colosseum") && !listed.contains("Uffizi"), "\(listed)")
        #expect(try succeed(daemon, ["tags"]) == "1  monuments\n1  museums\n1  Rome\n")

        try succeed(daemon, ["visit", id, "--on", "2025-04-21"])
        let details = try succeed(daemon, ["get", id])
        #expect(details.contains("Visited:     yes, 2025-04-21T00:00:00.000Z"), "\(details)")
        #expect(details.contains("Tags:        monuments, Rome"), "\(details)")
        let future = try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath, "visit", id, "--on", "2999-01-01"],
            in: daemon.directory)
        #expect(
            future.status == .exited(65) && future.stderr.contains("must not be in the future"), "\(future.summary)")
    }
}
