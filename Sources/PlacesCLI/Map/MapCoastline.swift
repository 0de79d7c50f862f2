import Glibc
import PlacesMap
import PlacesSystem

/// The land outlines a map is drawn on, read from the first data file found where `DataFileLocation` says to
/// look.
enum MapCoastline {
    /// The coastline, or no land (and the reason) when no data file can be read.
    static func load(environment: [String: String]) -> (coastline: Coastline, problem: String?) {
        let candidates = DataFileLocation.candidates(
            fileName: Coastline.fileName, dataDirectory: environment[DataFileLocation.environmentVariable],
            executablePath: executablePath())
        for path in candidates where FileSystem.fileExists(path) {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readFile(path)
            } catch {
                return (.empty, "cannot read the coastline '\(path)': \(error.reason); drawing no land")
            }
            do {
                return (try Coastline.load(from: bytes), nil)
            } catch {
                return (.empty, "cannot read the coastline '\(path)': \(error); drawing no land")
            }
        }
        return (.empty, "no coastline data file (\(candidates.joined(separator: ", "))); drawing no land")
    }

    /// This program's path, from `/proc/self/exe`.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
