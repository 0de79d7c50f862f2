import PlacesModel
import PlacesProtocol

/// The point `--around` names: `LAT,LON`, one of your places by its name or id, or a city (`--country` picks the
/// country of one), looked for as `near WHERE` looks.
enum MapCenter {
    /// The coordinate `text` names; coordinates out of range are a usage error.
    static func coordinate(_ text: String, country: String?, context: CommandContext) throws(CLIFailure) -> Coordinate {
        let location = try context.resolveLocation(text, country: country, command: MapCommand.spec.name)
        guard case .coordinate(let point) = location else { return location.coordinate }
        do throws(ValidationError) {
            return Coordinate(
                latitude: try PlaceRules.validLatitude(point.latitude),
                longitude: try PlaceRules.validLongitude(point.longitude))
        } catch {
            throw .usage("--around: \(error.field) \(error.reason)", command: MapCommand.spec.name)
        }
    }
}
