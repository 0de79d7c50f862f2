import Foundation

/// An SVG document rendered to pixels by `rsvg-convert` (librsvg2-bin) and read as a PPM through `pngtopnm`
/// (netpbm).
struct RenderedImage {
    /// A pixel's red, green and blue.
    struct Colour: CustomStringConvertible {
        /// Red, green, blue, 0…255.
        let red: Int, green: Int, blue: Int

        /// Whether each channel is within `tolerance` of `other`'s (antialiasing blurs edges).
        func isClose(to other: (Int, Int, Int), tolerance: Int = 24) -> Bool {
            abs(red - other.0) <= tolerance && abs(green - other.1) <= tolerance && abs(blue - other.2) <= tolerance
        }

        /// `#rrggbb`.
        var description: String { "rgb(\(red), \(green), \(blue))" }
    }

    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    /// Row-major RGB bytes.
    let pixels: [UInt8]

    /// Renders `svg`; a renderer that fails or is missing is a thrown error naming it.
    init(svg: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("placesmap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgPath = directory.appendingPathComponent("map.svg").path
        let pngPath = directory.appendingPathComponent("map.png").path
        try Data(svg.utf8).write(to: URL(fileURLWithPath: svgPath))
        _ = try Self.run("/usr/bin/rsvg-convert", ["-f", "png", "-o", pngPath, svgPath], package: "librsvg2-bin")
        let ppm = try Self.run("/usr/bin/pngtopnm", [pngPath], package: "netpbm")
        (width, height, pixels) = try Self.parsePPM([UInt8](ppm))
    }

    /// The pixel at (`x`, `y`) from the top left.
    subscript(x: Int, y: Int) -> Colour {
        let index = (y * width + x) * 3
        return Colour(red: Int(pixels[index]), green: Int(pixels[index + 1]), blue: Int(pixels[index + 2]))
    }

    /// What went wrong rendering.
    struct Failure: Error, CustomStringConvertible {
        /// The reason.
        let description: String
    }

    /// Runs a program and returns its standard output; a missing program or a failure is an error.
    static func run(_ path: String, _ arguments: [String], package: String) throws -> Data {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(path) is missing: install the Debian package \(package)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(path) failed with status \(process.terminationStatus): \(message)")
        }
        return data
    }

    /// A binary PPM (`P6`, maximum 255): its size and pixels.
    static func parsePPM(_ bytes: [UInt8]) throws -> (Int, Int, [UInt8]) {
        var index = 0
        func token() -> String {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 {
                index += 1
            }
            let start = index
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09) {
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard token() == "P6", let width = Int(token()), let height = Int(token()), token() == "255" else {
            throw Failure(description: "pngtopnm wrote no 8-bit binary PPM")
        }
        index += 1
        guard bytes.count - index >= width * height * 3 else {
            throw Failure(description: "the PPM is shorter than \(width) × \(height) pixels")
        }
        return (width, height, Array(bytes[index..<(index + width * height * 3)]))
    }
}
