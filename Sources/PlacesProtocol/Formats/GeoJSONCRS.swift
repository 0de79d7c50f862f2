#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The coordinate reference system a GeoJSON document's `crs` member names (GeoJSON 2008; RFC 7946 dropped the
/// member and fixed WGS 84), and the way from its positions to longitude and latitude.
///
/// No member, `null`, `CRS84` (`urn:ogc:def:crs:OGC:1.3:CRS84`) and EPSG:4326 are WGS 84, read as they are (as
/// longitude, latitude: every GeoJSON writer, GDAL's too, keeps that order whatever EPSG:4326's axis order is).
/// Web Mercator, as `ogr2ogr -t_srs EPSG:3857` writes it (EPSG:3857, and its older codes 900913, 3785, 102100
/// and 102113), is reprojected to WGS 84 on the sphere it is defined on. Any other system is refused, naming it.
enum GeoJSONCRS: Equatable {
    /// Longitude and latitude in degrees.
    case wgs84
    /// Spherical (Web) Mercator in metres.
    case webMercator

    /// The radius of Web Mercator's sphere, WGS 84's semi-major axis, in metres.
    static let sphereRadius = 6_378_137.0
    /// The EPSG codes of Web Mercator.
    private static let webMercatorCodes: Set<Int> = [3857, 900_913, 3785, 102_100, 102_113]

    /// The system that `value`, a document's `crs` member (nil when it has none), names; `field` names it in an
    /// error.
    init(_ value: JSONValue?, field: String) throws(RPCError) {
        guard let value, value != .null else {
            self = .wgs84
            return
        }
        guard case .object(let crs) = value, case .object(let properties)? = crs["properties"] else {
            throw ParamsReader.invalid(field, "must be an object with a type and properties, or null")
        }
        let name: String
        switch (crs["type"], properties["name"], properties["code"]) {
        case (.string("name")?, .string(let text)?, _): name = text
        case (.string("EPSG")?, _, .number(let code)?): name = "EPSG:\(code.text)"
        default:
            throw ParamsReader.invalid(
                field,
                "must name its system ({\"type\": \"name\", \"properties\": {\"name\": \"EPSG:3857\"}}); linked "
                    + "systems are not read")
        }
        let upper = name.uppercased()
        let digits = upper.utf8.reversed().prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let code = upper.contains("EPSG") ? Int(String(decoding: digits.reversed(), as: UTF8.self)) : nil
        if upper.hasSuffix("CRS84") || code == 4326 {
            self = .wgs84
        } else if let code, Self.webMercatorCodes.contains(code) {
            self = .webMercator
        } else {
            throw ParamsReader.invalid(
                field,
                "names the coordinate system '\(name)', which placesd does not read: it reads WGS 84 longitude "
                    + "and latitude (CRS84, EPSG:4326) and reprojects Web Mercator (EPSG:3857); reproject the file "
                    + "first, e.g. ogr2ogr -t_srs EPSG:4326 out.geojson in.geojson")
        }
    }

    /// The longitude and latitude of the position (`x`, `y`) in this system.
    func longitudeLatitude(_ x: Double, _ y: Double) -> (longitude: Double, latitude: Double) {
        switch self {
        case .wgs84:
            return (x, y)
        case .webMercator:
            let degreesPerRadian = 180 / Double.pi
            var longitude = x / Self.sphereRadius * degreesPerRadian
            // The edge of the map, ±20037508.34 m, comes back a hair past ±180°.
            if longitude.magnitude > 180, longitude.magnitude < 180 + 1e-9 { longitude = longitude < 0 ? -180 : 180 }
            let latitude = (2 * atan(exp(y / Self.sphereRadius)) - Double.pi / 2) * degreesPerRadian
            return (longitude, latitude)
        }
    }
}
