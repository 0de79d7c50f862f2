import PlacesModel

/// The params of `places.near`: `latitude`, `longitude`, `radius?` (metres), `limit?` (default 10).
public struct NearParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [PlaceField.latitude.text, PlaceField.longitude.text, "radius", "limit"]

    /// The number of places returned when `limit` is not given.
    public static let defaultLimit = 10

    /// The point to measure from, validated.
    public let coordinate: Coordinate
    /// Only places within this many metres, when given.
    public let radius: Double?
    /// The most places to return.
    public let limit: Int

    /// Creates params.
    public init(coordinate: Coordinate, radius: Double? = nil, limit: Int = NearParams.defaultLimit) {
        self.coordinate = coordinate
        self.radius = radius
        self.limit = limit
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> NearParams {
        let reader = try ParamsReader(params, allowed: keys)
        let latitude = try reader.required(PlaceField.latitude.text, reader.number(PlaceField.latitude.text))
        let longitude = try reader.required(PlaceField.longitude.text, reader.number(PlaceField.longitude.text))
        let radius = try reader.number("radius")
        if let radius, !(radius.isFinite && radius >= 0) {
            throw reader.invalid("radius", "must be a non-negative number")
        }
        let limit = try reader.nonNegativeInteger("limit") ?? defaultLimit
        do throws(ValidationError) {
            let coordinate = Coordinate(
                latitude: try PlaceRules.validLatitude(latitude),
                longitude: try PlaceRules.validLongitude(longitude)
            )
            return NearParams(coordinate: coordinate, radius: radius, limit: limit)
        } catch {
            throw reader.invalid(error)
        }
    }
}

extension NearParams {
    /// `places.near`.
    public static var method: Method { .near }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(PlaceField.latitude.text, number: coordinate.latitude)
        writer.add(PlaceField.longitude.text, number: coordinate.longitude)
        writer.add("radius", number: radius)
        writer.add("limit", integer: limit == Self.defaultLimit ? nil : limit)
        return writer.object
    }
}
