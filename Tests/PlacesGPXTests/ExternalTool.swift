import Foundation
import PlacesModel
import PlacesProtocol
import Testing

/// Runs the programs other people read and write places with (GDAL's `ogr2ogr`, `gpsbabel`; `make deps-test`
/// installs them) on files in a directory of its own.
struct ExternalTool {
    /// The directory the files are in, removed by `remove()`.
    let directory: URL

    /// A new empty directory.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("placesd-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The path of the file `name` in the directory.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Writes `bytes` to the file `name`.
    func write(_ bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: directory.appendingPathComponent(name))
    }

    /// The bytes of the file `name`.
    func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// Runs `program` (found on the PATH) with `arguments` in the directory, and fails the test with what it
    /// printed when it exits with anything but 0.
    func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let printed = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(
            process.terminationStatus == 0,
            "\(program) \(arguments.joined(separator: " ")) failed: \(String(decoding: printed, as: UTF8.self))")
    }

    /// Removes the directory.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Stored places with `drafts`' fields, as an export sees them.
func storedPlaces(_ drafts: [PlaceDraft]) -> [Place] {
    let time = Timestamp(millisecondsSinceEpoch: 1_780_000_000_000)
    return drafts.map { Place(id: .random(), owner: 1000, draft: $0, version: 1, createdAt: time, updatedAt: time) }
}

/// Expects `read` to have `places`' coordinates within 1e-7 degrees, in order.
func expectCoordinates(_ read: [ImportedPlace], near places: [Place], sourceLocation: SourceLocation = #_sourceLocation)
{
    #expect(read.count == places.count, sourceLocation: sourceLocation)
    for (imported, place) in zip(read, places) {
        let latitude = abs(imported.draft.coordinate.latitude - place.coordinate.latitude)
        let longitude = abs(imported.draft.coordinate.longitude - place.coordinate.longitude)
        #expect(latitude <= 1e-7 && longitude <= 1e-7, "\(place.name)", sourceLocation: sourceLocation)
    }
}
