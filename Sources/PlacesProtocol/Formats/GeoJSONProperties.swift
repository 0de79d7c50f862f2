import PlacesModel

/// A GeoJSON feature's `properties` read for a place: placesd's own members, the names other writers use, and
/// Google Takeout's "Saved Places.json".
///
/// The name is the first of `name`, `Name`, `title`, `Title`, then Takeout's `location.name` (`Location`'s
/// `Business Name` in older exports); the description the first of `description`, `desc`, `Description`; `tags` an
/// array of strings or one string separated by `;`. Takeout's address (`location.address`) and Maps URL
/// (`google_maps_url`) are added to the description, each on a line of its own after it. Every other member
/// (Takeout's `date` too: when a place was saved, which is neither when it was visited nor a date placesd lets an
/// import set) is dropped and reported by its key (`location.country_code` for a member of `location`).
struct GeoJSONProperties {
    /// The member names that give the name, in the order they are looked at.
    static let nameKeys = ["name", "Name", "title", "Title"]
    /// The member names that give the description, in the order they are looked at.
    static let descriptionKeys = ["description", "desc", "Description"]
    /// The member names that give the Google Maps URL (Takeout's, then its older exports').
    static let urlKeys = ["google_maps_url", "Google Maps URL"]
    /// Takeout's location object, and the keys of its name and address in it, newer exports' then older ones'.
    static let locations: [(key: String, name: String, address: String)] = [
        ("location", "name", "address"), ("Location", "Business Name", "Address"),
    ]
    /// The members read (or, as placesd's export writes them, read past on purpose).
    private static let knownKeys: Set<String> = Set(
        PlaceField.allCases.map(\.text) + nameKeys + descriptionKeys + urlKeys + locations.map(\.key))

    /// The object.
    let properties: JSONObject
    /// `geojson.features[N].properties.`, the start of the fields errors name.
    let prefix: String

    /// The member named `key`, nil when it is missing or null.
    private func present(_ key: String) -> JSONValue? {
        properties[key] == .null ? nil : properties[key]
    }

    /// Takeout's location object and which of its forms it is.
    private var location: (object: JSONObject, keys: (key: String, name: String, address: String))? {
        for keys in Self.locations {
            if case .object(let object)? = present(keys.key) { return (object, keys) }
        }
        return nil
    }

    /// Whether the feature is a Google Takeout saved place (which writes `[0, 0]` for a place it has no
    /// coordinates for).
    var isTakeout: Bool {
        location != nil || Self.urlKeys.contains { present($0) != nil }
    }

    /// The place's fields except its coordinates, and the member each of the name and description came from.
    func fields() throws(RPCError) -> (fields: PlaceFieldsReader, nameKey: String, descriptionKey: String) {
        let location = location
        var nameKey = Self.nameKeys.first { present($0) != nil } ?? PlaceField.name.text
        var nameValue = present(nameKey)
        if nameValue == nil, let location, let name = location.object[location.keys.name], name != .null {
            nameKey = location.keys.key + "." + location.keys.name
            nameValue = name
        }
        let descriptionKey = Self.descriptionKeys.first { present($0) != nil } ?? PlaceField.description.text
        let fromProperties = PlaceField.draftFields.filter { $0 != .latitude && $0 != .longitude }
        var fields = try PlaceFieldsReader(fromProperties) { field in
            switch field {
            case .name: return (prefix, nameKey, nameValue)
            case .description: return (prefix, descriptionKey, present(descriptionKey))
            case .tags:
                guard case .string(let text)? = present(field.text) else {
                    return (prefix, field.text, present(field.text))
                }
                let tags = text.split(separator: ";").filter { !DecimalText.trimmed($0).isEmpty }
                return (prefix, field.text, .array(tags.map { .string(String($0)) }))
            case .visited:
                // GDAL writes a KML ExtendedData value (placesd's own KML export's `visited`) as a string.
                guard case .string(let text)? = present(field.text), let flag = Bool(text.lowercased()) else {
                    return (prefix, field.text, present(field.text))
                }
                return (prefix, field.text, .bool(flag))
            default: return (prefix, field.text, present(field.text))
            }
        }
        var parts = fields.description.map { [$0] } ?? []
        if let location, case .string(let address)? = location.object[location.keys.address], !address.isEmpty {
            parts.append(address)
        }
        if let key = Self.urlKeys.first(where: { present($0) != nil }), case .string(let url)? = present(key) {
            parts.append(url)
        }
        if !parts.isEmpty { fields.description = parts.joined(separator: "\n") }
        return (fields, nameKey, descriptionKey)
    }

    /// Reports the members read past.
    func reportDropped(to omissions: inout ImportOmissions) {
        for (key, value) in properties.members where !Self.knownKeys.contains(key) || isLocation(key, value) {
            guard isLocation(key, value), case .object(let object) = value,
                let keys = Self.locations.first(where: { $0.key == key })
            else {
                omissions.drop(field: key)
                continue
            }
            for member in object.members where ![keys.name, keys.address, "Geo Coordinates"].contains(member.key) {
                omissions.drop(field: key + "." + member.key)
            }
        }
    }

    private func isLocation(_ key: String, _ value: JSONValue) -> Bool {
        guard case .object = value else { return false }
        return Self.locations.contains { $0.key == key }
    }
}
