import Foundation
import Testing

/// Expects `error` (a JSON-RPC error object) to carry `code` and, when given, `data.field`.
func expectError(
    _ error: JSON, code: Int, field: String? = nil, _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(error["code"]?.int == code, "expected \(code), got \(error) \(context())", sourceLocation: sourceLocation)
    if let field {
        #expect(
            error["data"]?["field"] == .string(field), "expected data.field \(field), got \(error) \(context())",
            sourceLocation: sourceLocation)
    }
}

/// Place fields, as every place the daemon returns has them (and nothing else unless `owner` is asked for).
let placeKeys: Set<String> = [
    "id", "name", "description", "latitude", "longitude", "visited", "visitedAt", "tags", "version", "createdAt",
    "updatedAt",
]

/// Whether `text` is a UUID in canonical lower case.
func isCanonicalUUID(_ text: String?) -> Bool {
    guard let text else { return false }
    return text.wholeMatch(of: #/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/#) != nil
}

/// The instant an RFC 3339 UTC timestamp (`…Z`, optional fraction) names, or nil if it is not one.
func parseTimestamp(_ text: String?) -> Date? {
    guard let text, text.wholeMatch(of: #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z/#) != nil else {
        return nil
    }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions =
        text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
    return formatter.date(from: text)
}

/// Waits (polling the clock, at most a second) until an RFC 3339 millisecond timestamp taken now would sort after
/// `timestamp`, so a change made next gets a later `updatedAt`.
func waitForClockToPass(_ timestamp: String?) {
    guard let date = parseTimestamp(timestamp) else { return }
    _ = Deadline.wait(seconds: 1) { Date().timeIntervalSince(date) > 0.002 }
}

/// The names of a list result's places, in order.
func names(_ list: JSON) -> [String] {
    (list["places"]?.array ?? []).map { $0["name"]?.string ?? "?" }
}

/// The ids of a list result's places, in order.
func ids(_ list: JSON) -> [String] {
    (list["places"]?.array ?? []).map { $0["id"]?.string ?? "?" }
}
