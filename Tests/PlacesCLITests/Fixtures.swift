import PlacesModel
import PlacesProtocol

/// Places and replies the tests share.
enum Fixtures {
    /// The Eiffel Tower's id; shares its first six digits with the Louvre's.
    static let eiffelID = "0f8fad5b-d9cb-469f-a165-70867728950e"
    /// The Louvre's id.
    static let louvreID = "0f8fad5c-1111-4222-8333-444455556666"
    /// The Golden Gate's id.
    static let bridgeID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"

    /// A place's JSON as the daemon sends it.
    static func placeJSON(
        id: String, name: String, description: String = "", latitude: Double = 48.8584, longitude: Double = 2.2945,
        visited: Bool = false, version: Int64 = 1
    ) -> JSONValue {
        [
            "id": .string(id), "name": .string(name), "description": .string(description),
            "latitude": .number(JSONNumber(latitude)!), "longitude": .number(JSONNumber(longitude)!),
            "visited": .bool(visited), "version": .number(JSONNumber(version)),
            "createdAt": "2026-11-29T16:03:55.123Z", "updatedAt": "2026-11-29T16:03:55.123Z",
        ]
    }

    /// A place as the CLI decodes it.
    static func place(
        id: String, name: String, description: String = "", latitude: Double = 48.8584, longitude: Double = 2.2945,
        visited: Bool = false, version: Int64 = 1
    ) -> WirePlace {
        WirePlace(
            id: PlaceID(id)!, name: name, description: description, latitude: latitude, longitude: longitude,
            visited: visited, version: version, createdAt: "2026-11-29T16:03:55.123Z",
            updatedAt: "2026-11-29T16:03:55.123Z")
    }

    /// The Eiffel Tower, unvisited, with a description.
    static let eiffel = placeJSON(id: eiffelID, name: "Eiffel Tower", description: "Iron lady")
    /// The Louvre, visited.
    static let louvre = placeJSON(id: louvreID, name: "Louvre", latitude: 48.8606, longitude: 2.3376, visited: true)
    /// The Golden Gate, at version 3.
    static let bridge = placeJSON(
        id: bridgeID, name: "Golden Gate", latitude: 37.8199, longitude: -122.4783, version: 3)

    /// A `places.list` result.
    static func list(_ places: [JSONValue], total: Int? = nil) -> JSONValue {
        ["places": .array(places), "total": .number(JSONNumber(total ?? places.count)), "revision": 7]
    }
}
