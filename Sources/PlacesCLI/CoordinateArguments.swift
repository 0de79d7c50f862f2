/// A place's coordinates as `add` takes them after the name: two arguments (`51.5007 -0.1246`), or one pasted
/// from a map (`"48.8584, 2.2945"`, also without the space or with only a space between).
enum CoordinateArguments {
    /// The latitude and longitude that `arguments` give; a usage error's sentence when they are not two numbers.
    static func parse(_ arguments: [String]) -> Result<(latitude: Double, longitude: Double), CoordinateError> {
        let parts: [String]
        switch arguments.count {
        case 1:
            parts = arguments[0].split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
            guard parts.count == 2, arguments[0].filter({ $0 == "," }).count <= 1 else {
                return .failure(
                    CoordinateError(
                        "'\(arguments[0])' is not a latitude and a longitude: give them as \"LAT, LON\" "
                            + "(\"48.8584, 2.2945\") or as two arguments"))
            }
        case 2:
            parts = arguments
        default:
            return .failure(CoordinateError("give the latitude and the longitude after the name"))
        }
        guard let latitude = NumberSyntax.finiteDouble(parts[0]) else {
            return .failure(CoordinateError("LAT expects a number, got '\(parts[0])'"))
        }
        guard let longitude = NumberSyntax.finiteDouble(parts[1]) else {
            return .failure(CoordinateError("LON expects a number, got '\(parts[1])'"))
        }
        return .success((latitude, longitude))
    }
}

/// Why coordinates given as arguments are not a latitude and a longitude: the usage error's sentence.
struct CoordinateError: Error, Equatable {
    /// The sentence, without a final period.
    let message: String

    /// An error saying `message`.
    init(_ message: String) {
        self.message = message
    }
}
