import PlacesModel
import PlacesProtocol

/// The point `--around` names: `LAT,LON`, or one of your places by its name or id.
enum MapCenter {
    /// The coordinate `text` names.
    static func coordinate(_ text: String, context: CommandContext) throws(CLIFailure) -> Coordinate {
        if text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true {
            switch CoordinateArguments.parse([text]) {
            case .success(let pair):
                do throws(ValidationError) {
                    return Coordinate(
                        latitude: try PlaceRules.validLatitude(pair.latitude),
                        longitude: try PlaceRules.validLongitude(pair.longitude))
                } catch {
                    throw .usage("--around: \(error.field) \(error.reason)", command: MapCommand.spec.name)
                }
            case .failure(let error):
                throw .usage("--around: \(error.message)", command: MapCommand.spec.name)
            }
        }
        let place = try context.resolvePlace(text, command: MapCommand.spec.name)
        return Coordinate(latitude: place.latitude, longitude: place.longitude)
    }
}
