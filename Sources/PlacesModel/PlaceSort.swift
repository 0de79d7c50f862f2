/// What a list of places is ordered by (`sort` of `places.list` and `places.near`).
public enum PlaceSort: String, Sendable, Hashable, CaseIterable {
    /// The owner's own order, as `places.move` arranges it.
    case position
    /// The name folded as search folds it (case and accents ignored), ties by id.
    case name
    /// When the place was added, ties by id.
    case createdAt
    /// When the place last changed, ties by id.
    case updatedAt
    /// When the place was last visited, ties by id; places without a visit date (never visited, or visited on a
    /// day not known) come after every dated one, so last when ascending and first when descending.
    case visitedAt
    /// The great-circle distance from a point or a place, ties by id.
    case distance
    // A key of another field is one more case here, in `PlaceOrderKey` (when it is kept as a
    // persistent order) and in `PlaceOrderKey.entry(for:)`.

    /// The key as the wire spells it.
    public var text: String { rawValue }

    /// Every key, for an error message: `"position", "name", …`.
    public static var spelledOut: String {
        allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }
}

/// Which way a sorted list runs (`order`).
public enum SortDirection: String, Sendable, Hashable, CaseIterable {
    /// Smallest first: A to Z, oldest first, nearest first.
    case ascending = "asc"
    /// Largest first.
    case descending = "desc"

    /// Whether it runs largest first.
    public var isDescending: Bool { self == .descending }
}
