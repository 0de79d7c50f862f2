import PlacesMap
import PlacesModel

/// The part of the world a map shows: fitted to the places, a circle around a point, or a box given.
enum MapFrame: Equatable {
    /// Around the places that match the filters, with a margin; the whole world when they span it.
    case fitted
    /// At least `radius` metres on every side of `center`.
    case around(Coordinate, radius: Double)
    /// This box, whole.
    case box(BoundingBox)

    /// The view of this frame on a grid of at most `columns` × `rows` cells; `places` gives, for a fitted frame,
    /// coordinates whose box is the places' (nil: none).
    func view<Failure: Error>(
        columns: Int, rows: Int, places: () throws(Failure) -> [Coordinate]?
    ) throws(Failure) -> MapView {
        switch self {
        case .box(let box):
            return MapView.fitting(bbox: box, columns: columns, rows: rows)
        case .around(let center, let radius):
            return MapView.around(center, radius: radius, columns: columns, rows: rows)
        case .fitted:
            guard let coordinates = try places() else { return MapView.world(columns: columns, rows: rows) }
            return MapView.fitting(coordinates, columns: columns, rows: rows)
        }
    }
}
