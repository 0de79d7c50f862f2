/// What each column of a CSV document holds, from its header row.
///
/// Names are compared ignoring case and the white space around them. The first column of each name is read
/// (`name`/`title`, `latitude`/`lat`, `longitude`/`lon`/`lng`/`long`, `url`, `visited`, `visitedAt`, `tags`, `id`);
/// every `description`/`desc`/`note`/`notes`/`comment` column is read, in header order. `createdAt`, `updatedAt`,
/// `version` and `owner`, which placesd's own export writes, are read past silently; any other column, and a
/// second column of a name already read, is dropped and reported.
struct CSVColumns {
    /// What a column is to the reader.
    enum Role: Equatable {
        /// A column a place's field is read from (a Google Maps URL for `url`).
        case name, latitude, longitude, description, url, visited, visitedAt, tags, id
        /// One of placesd's own columns that a place does not take on import.
        case ignored
        /// A column placesd keeps nothing of.
        case dropped

        /// The role's place in `firstColumn`: every row asks for its columns many times, so not through a hash.
        var slot: Int {
            switch self {
            case .name: 0
            case .latitude: 1
            case .longitude: 2
            case .description: 3
            case .url: 4
            case .visited: 5
            case .visitedAt: 6
            case .tags: 7
            case .id: 8
            case .ignored: 9
            case .dropped: 10
            }
        }

        /// How many slots there are.
        static let slotCount = 11
    }

    /// The headers' names, as written (trimmed), for messages.
    let names: [String]
    /// The role of each column.
    let roles: [Role]

    /// The description columns, in header order.
    let descriptionColumns: [Int]

    /// The column holding each role read once, by the role's `slot`.
    private let firstColumn: [Int?]

    private static let aliases: [String: Role] = [
        "name": .name, "title": .name, "latitude": .latitude, "lat": .latitude, "longitude": .longitude,
        "lon": .longitude, "lng": .longitude, "long": .longitude, "description": .description, "desc": .description,
        "note": .description, "notes": .description, "comment": .description, "url": .url, "visited": .visited,
        "visitedat": .visitedAt, "tags": .tags, "id": .id, "createdat": .ignored, "updatedat": .ignored,
        "version": .ignored, "owner": .ignored,
    ]

    /// Reads the header row `names`.
    init(names: [String]) {
        self.names = names
        var roles: [Role] = []
        var firstColumn = [Int?](repeating: nil, count: Role.slotCount)
        for (index, name) in names.enumerated() {
            var role = Self.aliases[name.lowercased()] ?? .dropped
            switch role {
            case .description, .ignored, .dropped: break
            default:
                if firstColumn[role.slot] == nil { firstColumn[role.slot] = index } else { role = .dropped }
            }
            roles.append(role)
        }
        self.roles = roles
        self.firstColumn = firstColumn
        descriptionColumns = roles.indices.filter { roles[$0] == .description }
    }

    /// The column that holds `role` (one of those read once), if any.
    subscript(role: Role) -> Int? { firstColumn[role.slot] }

    /// The header names of the columns dropped.
    var droppedNames: [String] {
        zip(names, roles).filter { $0.1 == .dropped }.map { $0.0.isEmpty ? "(unnamed column)" : $0.0 }
    }

    /// The reason a header row cannot be read for places, or nil when it can: it needs both a latitude and a
    /// longitude column, or a URL column to find them in.
    var problem: String? {
        switch (self[.latitude], self[.longitude]) {
        case (_?, _?): return nil
        case (nil, nil) where self[.url] != nil: return nil
        case (_?, nil): return "has a latitude column but no longitude column (longitude, lon, lng or long)"
        case (nil, _?): return "has a longitude column but no latitude column (latitude or lat)"
        case (nil, nil) where names.count == 1 && (names[0].contains(";") || names[0].contains("\t")):
            let separator = names[0].contains(";") ? "semicolons" : "tabs"
            return "has a header row with one column, '\(CSVRow.shown(names[0]))': placesd reads values separated by "
                + "commas, and these seem to be separated by \(separator)"
        case (nil, nil):
            let shown = names.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
            return "has a header row (\(shown)\(names.count > 10 ? ", …" : "")) that names no latitude and "
                + "longitude columns (latitude or lat, longitude, lon, lng or long) nor a Google Maps URL column"
        }
    }
}
