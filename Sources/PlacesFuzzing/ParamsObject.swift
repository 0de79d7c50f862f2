import PlacesModel
import PlacesProtocol

/// Builds params objects from decoded values, to feed them back to the decoders.
enum ParamsObject {
    /// An object of the members whose value is not nil, in order.
    static func make(_ members: [(String, JSONValue?)]) -> JSONObject {
        JSONObject(members.compactMap { key, value in value.map { (key: key, value: $0) } })
    }

    /// A finite double as a JSON number (`nil` stays `nil`).
    static func number(_ value: Double?) -> JSONValue? {
        value.flatMap(JSONNumber.init).map(JSONValue.number)
    }

    /// An integer as a JSON number (`nil` stays `nil`).
    static func integer(_ value: Int64?) -> JSONValue? {
        value.map { .number(JSONNumber($0)) }
    }

    /// A string (`nil` stays `nil`).
    static func string(_ value: String?) -> JSONValue? {
        value.map(JSONValue.string)
    }

    /// A Boolean (`nil` stays `nil`).
    static func bool(_ value: Bool?) -> JSONValue? {
        value.map(JSONValue.bool)
    }

    /// A place id in canonical form (`nil` stays `nil`).
    static func id(_ value: PlaceID?) -> JSONValue? {
        value.map { .string($0.description) }
    }
}
