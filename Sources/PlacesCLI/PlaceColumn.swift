import PlacesCommandLine
import PlacesProtocol

/// One field of a place as `list` shows it, in a table column or a TSV column; `--fields` names them by their
/// JSON keys.
enum PlaceColumn: String, CaseIterable, Sendable {
    case id, name, latitude, longitude, visited, visitedAt, tags, description, version, createdAt, updatedAt

    /// The columns `list` shows when `--fields` is not given.
    static let defaults: [PlaceColumn] = [.id, .name, .latitude, .longitude, .visited, .tags, .description]

    /// Other spellings `--fields` accepts.
    static let aliases: [String: PlaceColumn] = ["lat": .latitude, "lon": .longitude, "lng": .longitude]

    /// The columns a `--fields` value names (`name,latitude`), each once, or nil when one is not a field.
    static func parse(_ text: String) -> [PlaceColumn]? {
        var columns: [PlaceColumn] = []
        for word in words(text) {
            guard let column = PlaceColumn(rawValue: word) ?? aliases[word.lowercased()] else { return nil }
            if !columns.contains(column) {
                columns.append(column)
            }
        }
        return columns
    }

    /// The usage error's sentence for a `--fields` value that `parse` refuses, naming the first unknown field.
    static func refusal(_ spelling: String, _ text: String) -> String {
        let known = allCases.map(\.rawValue)
        let unknown = words(text).first { PlaceColumn(rawValue: $0) == nil && aliases[$0.lowercased()] == nil } ?? ""
        let hint = unknown.isEmpty ? "" : Suggestion.hint(for: unknown, among: known)
        return "\(spelling) has no field '\(unknown)'\(hint) (fields: \(known.joined(separator: ", ")))"
    }

    private static func words(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { $0 != " " }) }
    }

    /// The table's heading.
    var heading: String {
        switch self {
        case .id: "ID"
        case .name: "NAME"
        case .latitude: "LAT"
        case .longitude: "LON"
        case .visited: "VISITED"
        case .visitedAt: "VISITED ON"
        case .tags: "TAGS"
        case .description: "DESCRIPTION"
        case .version: "VERSION"
        case .createdAt: "CREATED"
        case .updatedAt: "UPDATED"
        }
    }

    /// Whether the table cuts this column to fit the terminal, and in which order (lower first).
    var cutOrder: Int? {
        switch self {
        case .description: 0
        case .name: 1
        default: nil
        }
    }

    /// The text a table cell shows: the short id, single lines; `isWhole` keeps a description's every line (on
    /// one line) instead of the first.
    func cell(_ place: WirePlace, isWhole: Bool) -> String {
        switch self {
        case .id: PlaceText.shortID(place.id)
        case .name: TextLayout.singleLine(place.name)
        case .visited: PlaceText.yesNo(place.visited)
        case .tags: TextLayout.singleLine(place.tags.joined(separator: ","))
        case .description:
            isWhole ? TextLayout.singleLine(place.description) : TextLayout.firstLine(place.description)
        default: value(place)
        }
    }

    /// The value as a TSV field shows it before escaping: the whole id, `true`/`false`, text as it is.
    func value(_ place: WirePlace) -> String {
        switch self {
        case .id: place.id.description
        case .name: place.name
        case .latitude: PlaceText.degrees(place.latitude)
        case .longitude: PlaceText.degrees(place.longitude)
        case .visited: place.visited ? "true" : "false"
        case .visitedAt: place.visitedAt ?? ""
        case .tags: place.tags.joined(separator: ",")
        case .description: place.description
        case .version: String(place.version)
        case .createdAt: place.createdAt
        case .updatedAt: place.updatedAt
        }
    }
}
