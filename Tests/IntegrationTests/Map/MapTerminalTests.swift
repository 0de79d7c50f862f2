import Foundation
import PlacesMap
import PlacesModel
import Testing

/// `placesctl map` on a real terminal (a tmux pane): the marker of a place in the cell its coordinates fall in,
/// and `--watch` following changes, resizes and a daemon restart, then giving the terminal back.
@Suite("placesctl map on a terminal")
struct MapTerminalTests {
    /// The box every test shows, so that the view does not move as places come and go.
    static let box = try! BoundingBox(south: -60, west: -180, north: 80, east: 180, field: "bbox")
    static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
    static let lima = Coordinate(latitude: -12.0464, longitude: -77.0428)
    static let tokyo = Coordinate(latitude: 35.6762, longitude: 139.6503)

    /// `placesctl map ARGUMENTS` (ASCII, the fixed box) as a shell command line talking to `daemon`.
    private func command(_ daemon: DaemonProcess, _ arguments: String = "") throws -> String {
        "'\(try Binaries.placesctl())' --socket '\(daemon.socketPath)' map --ascii --bbox -60,-180,80,180 \(arguments)"
    }

    /// Adds an unvisited place named `name` at `coordinate`.
    private func add(_ name: String, _ coordinate: Coordinate, to daemon: DaemonProcess) throws {
        _ = try daemon.connect().add([
            "name": .string(name), "latitude": .number(coordinate.latitude),
            "longitude": .number(coordinate.longitude),
        ])
    }

    /// The character on `screen` where a place at `coordinate` is drawn on a `columns` × `rows` terminal.
    static func character(on screen: String, at coordinate: Coordinate, columns: Int, rows: Int) -> Character? {
        let view = MapView.fitting(bbox: box, columns: columns, rows: rows - TerminalMap.footerHeight)
        guard let cell = view.cell(of: coordinate) else { return nil }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard cell.row < lines.count else { return nil }
        let line = Array(lines[cell.row])
        return cell.column < line.count ? line[cell.column] : nil
    }

    /// Whether `screen` shows a not-visited marker (`o`) at `coordinate`.
    static func showsMarker(_ screen: String, at coordinate: Coordinate, columns: Int, rows: Int) -> Bool {
        character(on: screen, at: coordinate, columns: columns, rows: rows) == "o"
    }

    /// Drawn once on an 80 × 24 terminal, each place's marker is in the cell its coordinates map to.
    @Test func markersLandInTheirCells() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        try add("Paris", Self.paris, to: daemon)
        try add("Lima", Self.lima, to: daemon)
        let session = try TerminalSession(
            try command(daemon), columns: 80, rows: 24, environment: [:], in: daemon.directory)
        defer { session.close() }
        let screen = try session.waitForScreen { $0.contains("[exit ") }
        #expect(screen.contains("[exit 0]"), "\(screen)")
        for place in [Self.paris, Self.lima] {
            #expect(Self.showsMarker(screen, at: place, columns: 80, rows: 24), "no marker at \(place):\n\(screen)")
        }
        #expect(!Self.showsMarker(screen, at: Self.tokyo, columns: 80, rows: 24), "a marker where none is:\n\(screen)")
    }

    /// How long the live map may take to show what is awaited: each redraw asks placesd for the map again and a
    /// restart waits for placesd to come back, which takes many seconds under a sanitizer on a busy machine. A
    /// deadline, not a measure of speed.
    static let deadline = 120.0

    /// The live map shows a place another client adds, follows a resize, survives a restart of placesd on the
    /// same socket and database, and gives the terminal back after Ctrl-C.
    @Test func watchFollowsChangesResizesAndRestarts() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        try add("Paris", Self.paris, to: daemon)
        // Ctrl-C sends SIGINT to the whole foreground group: the shell traps it so as to outlive placesctl and
        // print its exit status (placesctl itself gets SIGINT's default disposition, which it catches).
        let session = try TerminalSession(
            "echo before the map; trap true INT; " + (try command(daemon, "--watch")), columns: 80, rows: 24,
            environment: [:], in: daemon.directory)
        defer { session.close() }
        try session.waitForScreen(seconds: Self.deadline) {
            Self.showsMarker($0, at: Self.paris, columns: 80, rows: 24)
        }
        #expect(try session.paneFormat("#{alternate_on} #{cursor_flag}") == "1 0", "alternate screen, no cursor")

        // How long a change takes to show is printed, not judged: the judge of speed is bench/run.sh.
        let added = Date()
        try add("Lima", Self.lima, to: daemon)
        try session.waitForScreen(seconds: Self.deadline) { Self.showsMarker($0, at: Self.lima, columns: 80, rows: 24) }
        print(
            "map --watch showed a place \(Int(Date().timeIntervalSince(added) * 1000)) ms after its places.add was sent"
        )

        try session.resize(columns: 100, rows: 30)
        try session.waitForScreen(seconds: Self.deadline) { screen in
            [Self.paris, Self.lima].allSatisfy { Self.showsMarker(screen, at: $0, columns: 100, rows: 30) }
        }

        _ = try daemon.stop()
        try session.waitForScreen(seconds: Self.deadline) { $0.contains("reconnecting") }
        try daemon.start()
        try add("Tokyo", Self.tokyo, to: daemon)
        // The status line goes once placesd is back (a screen read while a frame is half drawn may show the new
        // markers above the old status line, so both are awaited together).
        try session.waitForScreen(seconds: Self.deadline) { screen in
            !screen.contains("reconnecting")
                && [Self.paris, Self.lima, Self.tokyo].allSatisfy {
                    Self.showsMarker(screen, at: $0, columns: 100, rows: 30)
                }
        }

        try session.type("C-c")
        let ended = try session.waitForScreen(seconds: Self.deadline) { $0.contains("[exit ") }
        #expect(ended.contains("[exit 0]"), "\(ended)")
        #expect(ended.contains("before the map"), "the normal screen is back:\n\(ended)")
        #expect(try session.paneFormat("#{alternate_on} #{cursor_flag}") == "0 1", "normal screen, cursor shown")
        #expect(!Self.showsMarker(ended, at: Self.tokyo, columns: 100, rows: 30), "the map is gone:\n\(ended)")
    }

    /// A map that shows no place says so on its legend's line, as `list` says it of an empty list, naming the
    /// filters that left none: drawn once into a pipe, and live until a place that matches comes.
    @Test func noPlaceShownIsSaid() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let placesctl = try Binaries.placesctl()
        let socket = ["--socket", daemon.socketPath]
        let empty = try Subprocess.run(
            placesctl, socket + ["map", "--width", "80", "--height", "24"], in: daemon.directory)
        #expect(empty.status == .exited(0), "\(empty.summary)")
        let list = try Subprocess.run(placesctl, socket + ["list"], in: daemon.directory)
        let emptyNote = list.stdout.trimmingCharacters(in: .newlines)
        #expect(emptyNote.hasPrefix("No places yet."), "\(list.summary)")
        #expect(empty.stdout.split(separator: "\n").last?.hasPrefix(emptyNote) == true, "\(empty.stdout)")

        try add("Paris", Self.paris, to: daemon)
        let filtered = try Subprocess.run(
            placesctl, socket + ["map", "--tag", "nosuchtag", "--width", "80", "--height", "24"], in: daemon.directory)
        #expect(filtered.status == .exited(0), "\(filtered.summary)")
        let legend = filtered.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(legend.hasPrefix("No places match --tag nosuchtag."), "\(filtered.stdout)")
        #expect(filtered.stderr.isEmpty, "\(filtered.stderr)")

        let session = try TerminalSession(
            "trap true INT; " + (try command(daemon, "--watch --tag food")), columns: 80, rows: 24, environment: [:],
            in: daemon.directory)
        defer { session.close() }
        try session.waitForScreen(seconds: Self.deadline) {
            $0.contains("No places match --bbox -60,-180,80,180 --tag food.")
        }
        _ = try daemon.connect().add([
            "name": "Lima", "latitude": .number(Self.lima.latitude), "longitude": .number(Self.lima.longitude),
            "tags": ["food"],
        ])
        try session.waitForScreen(seconds: Self.deadline) { screen in
            !screen.contains("No places match") && Self.showsMarker(screen, at: Self.lima, columns: 80, rows: 24)
        }
        try session.type("C-c")
        let ended = try session.waitForScreen(seconds: Self.deadline) { $0.contains("[exit ") }
        #expect(ended.contains("[exit 0]"), "\(ended)")
    }

    /// `--watch` into a pipe is refused with a usage error, and so is a terminal too small for a map.
    @Test func watchNeedsATerminalBigEnough() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let piped = try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath, "map", "--watch"], in: daemon.directory)
        #expect(piped.status == .exited(64), "\(piped.summary)")
        #expect(piped.stderr.contains("--watch needs a terminal on standard output"), "\(piped.stderr)")
        let session = try TerminalSession(
            try command(daemon), columns: 120, rows: 5, environment: [:], in: daemon.directory)
        defer { session.close() }
        let small = try session.waitForScreen { $0.contains("[exit ") }
        #expect(small.contains("[exit 64]") && small.contains("too small"), "\(small)")
    }
}
