/// When an imported place without an id counts as a duplicate of a place already there: the same name once
/// case-folded (Unicode lowercase mapping of the trimmed name) and positions at most `radius` metres apart
/// (`Coordinate.distance(to:)`).
///
/// Only places without an id are matched this way: an id says which place is meant, and `ImportOptions.onConflict`
/// decides about it.
public enum DuplicateRule {
    /// The greatest distance, in metres, between a place and its duplicate.
    public static let radius: Double = 50

    /// The form of a name that duplicates compare.
    public static func key(of name: String) -> String {
        name.lowercased()
    }

    /// Whether a place named `name` at `coordinate` duplicates one named `otherName` at `otherCoordinate`.
    public static func isDuplicate(
        name: String, at coordinate: Coordinate, of otherName: String, at otherCoordinate: Coordinate
    ) -> Bool {
        coordinate.distance(to: otherCoordinate) <= radius && key(of: name) == key(of: otherName)
    }
}
