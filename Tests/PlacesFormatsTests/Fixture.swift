import Foundation

/// The KML documents under `Fixtures/`, read by path (they are excluded from the target's sources).
enum Fixture {
    /// The folder holding them.
    static let directory = "/" + #filePath.split(separator: "/").dropLast().joined(separator: "/") + "/Fixtures"

    /// The bytes of the fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
            throw Missing(description: "fixture '\(directory)/\(name)' cannot be read")
        }
        return [UInt8](data)
    }

    /// A fixture that cannot be read.
    struct Missing: Error, CustomStringConvertible {
        /// Which one, and why.
        let description: String
    }
}
