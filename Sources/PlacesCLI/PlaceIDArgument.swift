import PlacesModel

/// A place id as typed: a full UUID, or a prefix of its hex digits (at least four), like git and docker.
enum PlaceIDArgument: Equatable {
    /// The fewest hex digits a prefix may have.
    static let minimumPrefixLength = 4

    /// A complete UUID.
    case full(PlaceID)
    /// Lower-case hex digits without hyphens, to compare with an id's canonical form.
    case prefix(String)

    /// Parses `text`; a usage error for `command` if it cannot be an id or a long enough prefix.
    static func parse(_ text: String, command: String) throws(CLIFailure) -> PlaceIDArgument {
        if let id = PlaceID(text) {
            return .full(id)
        }
        var digits = ""
        for character in text.lowercased() {
            if character == "-" {
                continue
            }
            guard character.isHexDigit, character.isASCII else {
                throw .usage(
                    "'\(text)' is not a place id: give the full UUID or at least \(minimumPrefixLength) of its hex digits",
                    command: command)
            }
            digits.append(character)
        }
        guard digits.count >= minimumPrefixLength else {
            throw .usage(
                "id prefix '\(text)' is too short: give at least \(minimumPrefixLength) hex digits", command: command)
        }
        return .prefix(digits)
    }

    /// Whether `id` starts with this prefix (or is this id).
    func matches(_ id: PlaceID) -> Bool {
        switch self {
        case .full(let full):
            return full == id
        case .prefix(let digits):
            var canonical = id.description
            canonical.removeAll { $0 == "-" }
            return canonical.hasPrefix(digits)
        }
    }
}
