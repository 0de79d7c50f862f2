import PlacesGazetteer
import PlacesModel
import PlacesProtocol

/// What a `PLACE|LAT,LON|CITY` argument named: a point given as numbers, one of the caller's places, or a city.
enum ResolvedLocation: Equatable {
    /// A latitude and a longitude given as "LAT,LON".
    case coordinate(Coordinate)
    /// One of the caller's places.
    case place(WirePlace)
    /// A city of the gazetteer.
    case city(City)

    /// Where it is.
    var coordinate: Coordinate {
        switch self {
        case .coordinate(let coordinate): coordinate
        case .place(let place): Coordinate(latitude: place.latitude, longitude: place.longitude)
        case .city(let city): Coordinate(latitude: city.latitude, longitude: city.longitude)
        }
    }
}
