import Foundation
import Testing

/// placesctl on a real terminal (a tmux pane) and into pipes: the pager, colour and cutting decisions.
@Suite("placesctl on a terminal")
struct TerminalOutputTests {
    /// A description longer than any terminal line, with a word near its end to look for.
    static let longDescription = String(repeating: "long ", count: 30) + "tickets at the gate"

    /// A daemon holding `count` places, the first with the long description.
    private func daemon(places count: Int) throws -> DaemonProcess {
        let daemon = try DaemonProcess.started()
        let raw = try daemon.connect()
        for index in 0..<count {
            let description = index == 0 ? Self.longDescription : "place \(index)"
            _ = try raw.add(
                ["name": .string("Place \(index)"), "latitude": 1, "longitude": 2, "description": .string(description)])
        }
        return daemon
    }

    /// `placesctl ARGUMENTS` as a shell command line talking to `daemon`.
    private func command(_ daemon: DaemonProcess, _ arguments: String) throws -> String {
        "'\(try Binaries.placesctl())' --socket '\(daemon.socketPath)' \(arguments)"
    }

    /// Runs `arguments` on an 80 × 20 terminal with `environment`, until it ends; its screen.
    private func screen(
        _ daemon: DaemonProcess, _ arguments: String, environment: [String: String] = [:], escapes: Bool = false
    ) throws -> String {
        let session = try TerminalSession(
            try command(daemon, arguments), columns: 80, rows: 20, environment: environment, in: daemon.directory)
        defer { session.close() }
        return try session.waitForScreen(escapes: escapes) { $0.contains("[exit ") }
    }

    /// Taller than the terminal, `list` opens less (PAGER unset); `q` leaves it and placesctl exits 0.
    @Test func tallOutputOpensLess() throws {
        let daemon = try daemon(places: 40)
        defer { daemon.shutdown() }
        let session = try TerminalSession(
            try command(daemon, "list"), columns: 80, rows: 20, environment: [:], in: daemon.directory)
        defer { session.close() }
        let paged = try session.waitForScreen { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.first?.hasPrefix("ID") == true && lines.contains { $0.hasPrefix(":") }
        }
        #expect(!paged.contains("[exit "), "placesctl waits for the pager:\n\(paged)")
        #expect(!paged.contains("Place 39"), "one screenful only:\n\(paged)")
        try session.type("q")
        let ended = try session.waitForScreen { $0.contains("[exit ") }
        #expect(ended.contains("[exit 0]"), "\(ended)")
    }

    /// $PAGER pages tall output on a terminal only: not short output, not with --no-pager, not into a pipe, not
    /// with PAGER=cat.
    @Test func thePagerIsUsedOnlyWhenItShouldBe() throws {
        let daemon = try daemon(places: 30)
        defer { daemon.shutdown() }
        let marking = ["PAGER": "sed 's/^/P:/'"]
        let paged = try screen(daemon, "list", environment: marking)
        #expect(paged.split(separator: "\n").contains { $0.hasPrefix("P:") && $0.contains("Place 29") }, "\(paged)")
        #expect(paged.contains("[exit 0]"), "\(paged)")
        for arguments in ["list --no-pager", "list | cat", "list --limit 3"] {
            let straight = try screen(daemon, arguments, environment: marking)
            #expect(!straight.contains("P:") && straight.contains("[exit 0]"), "\(arguments):\n\(straight)")
        }
        let cat = try screen(daemon, "list", environment: ["PAGER": "cat"])
        #expect(cat.contains("Place 29") && cat.contains("[exit 0]"), "\(cat)")
    }

    /// On a terminal the table has colour and is cut to its width; NO_COLOR and pipes get neither escapes nor
    /// cuts.
    @Test func colourAndCuttingOnATerminalOnly() throws {
        let daemon = try daemon(places: 3)
        defer { daemon.shutdown() }
        let coloured = try screen(daemon, "list", escapes: true)
        let heading = coloured.split(separator: "\n").first { $0.contains("NAME") } ?? ""
        #expect(heading.contains("\u{1B}["), "the heading is styled: \(coloured.debugDescription)")
        let plain = try screen(daemon, "list", environment: ["NO_COLOR": "1"], escapes: true)
        #expect(!plain.split(separator: "\n").contains { $0.contains("NAME") && $0.contains("\u{1B}[") }, "\(plain)")
        #expect(plain.contains("…") && !plain.contains("tickets"), "cut to 80 columns:\n\(plain)")

        var environment = Spawn.cleanEnvironment()
        environment["COLUMNS"] = "60"
        let piped = try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath, "list"], in: daemon.directory,
            environment: environment)
        #expect(piped.status == .exited(0), "\(piped.summary)")
        #expect(piped.stdout.contains(Self.longDescription), "nothing cut into a pipe: \(piped.stdout)")
        #expect(!piped.stdout.contains("\u{1B}") && !piped.stdout.contains("…"))
    }
}
