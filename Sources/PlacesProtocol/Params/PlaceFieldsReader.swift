import PlacesModel

/// The fields a client sets on a place (`PlaceField.draftFields`), read from JSON with their types checked but not
/// yet validated: the one place that reads and writes each of them, for `places.add`, `places.update` and the
/// imports.
struct PlaceFieldsReader {
    /// Where a field is (an error about it names `prefix + key`, joined only then), and its value when given.
    typealias Lookup = (PlaceField) -> (prefix: String, key: String, value: JSONValue?)

    /// The name, if given.
    var name: String?
    /// The description, if given.
    var description: String?
    /// The latitude, if given.
    var latitude: Double?
    /// The longitude, if given.
    var longitude: Double?
    /// The visited flag, if given.
    var visited: Bool?
    /// The visit date, if given.
    var visitedAt: Timestamp?
    /// The tags, if given (not yet checked against their rules).
    var tags: [String]?

    /// Reads the fields of `fields` that `lookup` finds, in the params' order; a field of `required` that is
    /// missing is refused.
    init(
        _ fields: [PlaceField] = PlaceField.draftFields, required: [PlaceField] = [], lookup: Lookup
    ) throws(RPCError) {
        for field in fields {
            let (prefix, key, value) = lookup(field)
            guard let value else {
                if required.contains(field) { throw ParamsReader.invalid(prefix + key, "is required") }
                continue
            }
            switch field {
            case .name: name = try ParamsReader.string(value, field: prefix + key)
            case .description: description = try ParamsReader.string(value, field: prefix + key)
            case .latitude: latitude = try ParamsReader.number(value, field: prefix + key)
            case .longitude: longitude = try ParamsReader.number(value, field: prefix + key)
            case .visited: visited = try ParamsReader.bool(value, field: prefix + key)
            case .visitedAt:
                // null is no date, as a place that is not visited has in an export.
                if case .null = value { continue }
                visitedAt = try ParamsReader.timestamp(value, field: prefix + key)
            case .tags: tags = try ParamsReader.strings(value, field: prefix + key)
            case .id, .version, .createdAt, .updatedAt, .owner: continue
            }
        }
    }

    /// Reads the members of a params object.
    init(_ reader: ParamsReader, required: [PlaceField] = []) throws(RPCError) {
        try self.init(required: required) { field in
            (reader.fieldPrefix, field.text, reader.value(field.text))
        }
    }

    /// The validated new place, each missing optional field at its default.
    func draft() throws(ValidationError) -> PlaceDraft {
        try PlaceDraft(
            name: name ?? PlaceRules.defaultName, description: description ?? "", latitude: latitude ?? .nan,
            longitude: longitude ?? .nan, isVisited: visited, visitedAt: visitedAt, tags: tags ?? [])
    }

    /// The validated change, of the fields that are given, with tags to add and to remove.
    func patch(addTags: [String] = [], removeTags: [String] = []) throws(ValidationError) -> PlacePatch {
        try PlacePatch(
            name: name, description: description, latitude: latitude, longitude: longitude, isVisited: visited,
            visitedAt: visitedAt, tags: tags, addTags: addTags, removeTags: removeTags)
    }
}

extension ParamsWriter {
    /// Adds a draft's members as `PlaceFieldsReader` reads them: `name`, `description` unless empty, `latitude`,
    /// `longitude`, `visited` when set, `visitedAt` and `tags` when given.
    mutating func add(_ draft: PlaceDraft) {
        add(PlaceField.name.text, string: draft.name)
        add(PlaceField.description.text, string: draft.description.isEmpty ? nil : draft.description)
        add(PlaceField.latitude.text, number: draft.coordinate.latitude)
        add(PlaceField.longitude.text, number: draft.coordinate.longitude)
        add(PlaceField.visited.text, flag: draft.isVisited)
        add(PlaceField.visitedAt.text, timestamp: draft.visitedAt)
        add(PlaceField.tags.text, strings: draft.tags.isEmpty ? nil : draft.tags)
    }

    /// Adds the members of the fields a patch sets.
    mutating func add(_ patch: PlacePatch) {
        add(PlaceField.name.text, string: patch.name)
        add(PlaceField.description.text, string: patch.description)
        add(PlaceField.latitude.text, number: patch.latitude)
        add(PlaceField.longitude.text, number: patch.longitude)
        add(PlaceField.visited.text, bool: patch.isVisited)
        add(PlaceField.visitedAt.text, timestamp: patch.visitedAt)
        add(PlaceField.tags.text, strings: patch.tags)
        add(UpdateParams.addTagsKey, strings: patch.addTags.isEmpty ? nil : patch.addTags)
        add(UpdateParams.removeTagsKey, strings: patch.removeTags.isEmpty ? nil : patch.removeTags)
    }
}

extension PlaceField {
    /// How the OpenRPC document describes this field as a param of `places.add` and `places.update`: its schema,
    /// whether `places.add` requires it, and each method's summary; nil for the fields the daemon sets.
    public var param: (schema: JSONValue, isRequiredToAdd: Bool, addSummary: String, updateSummary: String)? {
        switch self {
        case .name:
            (
                WireSchema.type("string"), false, "Trimmed; 1 to 200 characters; default \"New location\".",
                "New name."
            )
        case .description:
            (WireSchema.type("string"), false, "0 to 10,000 characters; default \"\".", "New description.")
        case .latitude: (WireSchema.ref("Latitude"), true, "Degrees north.", "New latitude.")
        case .longitude: (WireSchema.ref("Longitude"), true, "Degrees east.", "New longitude.")
        case .visited:
            (
                WireSchema.type("boolean"), false, "Default false.",
                "New visited flag: true sets visitedAt to now (unless given), false clears it."
            )
        case .visitedAt:
            (
                ["type": "string", "format": "date-time"], false,
                "When it was visited: an RFC 3339 timestamp or a date (YYYY-MM-DD, midnight UTC), not in the "
                    + "future; implies visited. Default: now, when visited.",
                "New visit date (RFC 3339 timestamp or YYYY-MM-DD, not in the future); implies visited."
            )
        case .tags:
            (
                WirePlace.tagsSchema, false,
                "Tags: 1 to 64 characters each, no control characters, at most 32; compared ignoring case and "
                    + "accents. Default none.",
                "The new set of tags, replacing the place's own; not with addTags or removeTags."
            )
        case .id, .version, .createdAt, .updatedAt, .owner: nil
        }
    }
}
