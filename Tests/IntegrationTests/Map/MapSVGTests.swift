import Foundation
import PlacesMap
import PlacesModel
import Testing

/// The map as an SVG picture, rendered by a real renderer (`rsvg-convert`, librsvg): it renders, and the pixel
/// where a place is takes the marker's colour.
@Suite("placesctl map --svg and export --format svg")
struct MapSVGTests {
    static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
    static let box = try! BoundingBox(south: 30, west: -20, north: 65, east: 40, field: "bbox")

    /// `placesctl ARGUMENTS` against `daemon`; fails unless it exits 0.
    private func placesctl(_ daemon: DaemonProcess, _ arguments: [String]) throws {
        let run = try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory)
        guard run.status == .exited(0) else { throw TestFailure("placesctl \(arguments) failed: \(run.summary)") }
    }

    /// `rsvg-convert` of the SVG at `path` into a PNG beside it; the PNG's path.
    private func render(_ path: String, in directory: TemporaryDirectory) throws -> String {
        let rsvg = try ExternalTool.path("rsvg-convert", package: "librsvg2-bin")
        let png = path + ".png"
        let run = try Subprocess.run(rsvg, ["-o", png, path], in: directory)
        guard run.status == .exited(0) else { throw TestFailure("rsvg-convert '\(path)' failed: \(run.summary)") }
        return png
    }

    /// The pixel of `coordinate` on the picture of `view` drawn `width` pixels wide.
    static func pixel(of coordinate: Coordinate, view: MapView, width: Int) -> (x: Int, y: Int) {
        let scale = Double(width) / view.longitudeSpan
        var east = coordinate.longitude - view.west
        if east < 0 { east += 360 }
        let cellHeight = 2 * Double(width) / Double(view.columns)
        let y = (view.north - coordinate.latitude) / view.latitudeSpan * cellHeight * Double(view.rows)
        return (Int(east * scale), Int(y))
    }

    /// Paris's pixel is coloured by its marker: it differs from the same picture without the place, while a
    /// corner far from it does not.
    @Test func aPlaceColoursItsPixel() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        _ = try daemon.connect().add([
            "name": "Paris", "latitude": .number(Self.paris.latitude), "longitude": .number(Self.paris.longitude),
        ])
        let size = ["--bbox", "30,-20,65,40", "--width", "120", "--height", "40"]
        let with = daemon.directory.file("with.svg")
        let without = daemon.directory.file("without.svg")
        try placesctl(daemon, ["map", "--svg", with] + size)
        try placesctl(daemon, ["map", "--visited", "--svg", without] + size)
        let view = MapView.fitting(bbox: Self.box, columns: 120, rows: 40 - TerminalMap.footerHeight)
        let withPNG = try render(with, in: daemon.directory)
        let withoutPNG = try render(without, in: daemon.directory)
        let probe = try PNGPixels.read(withPNG, at: [], in: daemon.directory)
        let place = Self.pixel(of: Self.paris, view: view, width: probe.width)
        let corner = (x: 2, y: 2)
        let marked = try PNGPixels.read(withPNG, at: [place, corner], in: daemon.directory)
        let plain = try PNGPixels.read(withoutPNG, at: [place, corner], in: daemon.directory)
        #expect(marked.colours[0] != plain.colours[0], "Paris's pixel \(place) is not the marker's: \(marked.colours)")
        #expect(marked.colours[1] == plain.colours[1], "the corner differs: \(marked.colours) vs \(plain.colours)")
    }

    /// `export --format svg` writes a picture of every place that renders.
    @Test func theExportRenders() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        _ = try daemon.connect().add([
            "name": "Paris", "latitude": .number(Self.paris.latitude), "longitude": .number(Self.paris.longitude),
        ])
        let path = daemon.directory.file("export.svg")
        try placesctl(daemon, ["export", "--format", "svg", "-o", path])
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("</svg>"), "\(svg.prefix(200))")
        let png = try render(path, in: daemon.directory)
        let picture = try PNGPixels.read(png, at: [], in: daemon.directory)
        #expect(picture.width > 100 && picture.height > 50, "\(picture)")
    }
}
