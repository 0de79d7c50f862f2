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
            longitude: longitude ?? .nan, isVisited: visited ?? false)
    }

    /// The validated change, of the fields that are given.
    func patch() throws(ValidationError) -> PlacePatch {
        try PlacePatch(
            name: name, description: description, latitude: latitude, longitude: longitude, isVisited: visited)
    }
}

extension ParamsWriter {
    /// Adds a draft's members as `PlaceFieldsReader` reads them: `name`, `description` unless empty, `latitude`,
    /// `longitude`, and `visited` when set.
    mutating func add(_ draft: PlaceDraft) {
        add(PlaceField.name.text, string: draft.name)
        add(PlaceField.description.text, string: draft.description.isEmpty ? nil : draft.description)
        add(PlaceField.latitude.text, number: draft.coordinate.latitude)
        add(PlaceField.longitude.text, number: draft.coordinate.longitude)
        add(PlaceField.visited.text, flag: draft.isVisited)
    }

    /// Adds the members of the fields a patch sets.
    mutating func add(_ patch: PlacePatch) {
        add(PlaceField.name.text, string: patch.name)
        add(PlaceField.description.text, string: patch.description)
        add(PlaceField.latitude.text, number: patch.latitude)
        add(PlaceField.longitude.text, number: patch.longitude)
        add(PlaceField.visited.text, bool: patch.isVisited)
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
        case .visited: (WireSchema.type("boolean"), false, "Default false.", "New visited flag.")
        case .id, .version, .createdAt, .updatedAt, .owner: nil
        }
    }
}
