import Foundation
import PlacesModel
import PlacesProtocol
import Testing

/// The bytes of the fixture `name` in this target's Fixtures folder (see Fixtures/SOURCES.md).
func fixture(_ name: String) throws -> [UInt8] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
}

/// The CSV document `bytes` read with a limit of `maximumPlaces`.
func csvDocument(_ bytes: [UInt8], maximumPlaces: Int = 1000) throws(RPCError) -> ImportedDocument {
    let result = bytes.withUnsafeBytes { buffer in
        Result { () throws(RPCError) in try CSVImport.document(from: buffer, maximumPlaces: maximumPlaces) }
    }
    return try result.get()
}

/// The CSV document `text` read with a limit of `maximumPlaces`.
func csvDocument(_ text: String, maximumPlaces: Int = 1000) throws(RPCError) -> ImportedDocument {
    try csvDocument(Array(text.utf8), maximumPlaces: maximumPlaces)
}

/// The field and reason of the -32602 error reading `bytes` as CSV throws, or nil when it reads.
func csvFailure(_ bytes: [UInt8]) -> ValidationError? {
    do throws(RPCError) {
        _ = try csvDocument(bytes)
        return nil
    } catch {
        guard let field = error.data?["field"]?.stringValue, let reason = error.data?["reason"]?.stringValue else {
            return ValidationError(field: "(code \(error.code))", reason: error.message)
        }
        return ValidationError(field: field, reason: reason)
    }
}

/// A stored place with `draft`'s fields, as an export would see it.
func storedPlace(_ draft: PlaceDraft, id: PlaceID = .random()) -> Place {
    let time = Timestamp(millisecondsSinceEpoch: 1_780_000_000_000)
    return Place(id: id, owner: 1000, draft: draft, version: 1, createdAt: time, updatedAt: time)
}
