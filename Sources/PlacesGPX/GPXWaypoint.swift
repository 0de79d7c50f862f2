/// One `wpt` of a GPX document as it is written: its coordinates' text and the texts of the child elements a
/// place is made from, before any of it is checked.
public struct GPXWaypoint: Sendable, Hashable {
    /// The `lat` attribute, nil when it is missing.
    public var latitude: String?
    /// The `lon` attribute, nil when it is missing.
    public var longitude: String?
    /// The text of `name`.
    public var name: String?
    /// The text of `desc`.
    public var description: String?
    /// The text of `cmt`, the comment devices often write instead of a description.
    public var comment: String?
    /// The text of `type`: the group (OsmAnd's favourites), or `visited` for a visited place, as placesd's export
    /// wrote it before it wrote the group there.
    public var type: String?
    /// The texts of placesd's `tag` extensions, in order.
    public var tags: [String] = []
    /// The text of placesd's `visitedAt` extension.
    public var visitedAt: String?
    /// The text of placesd's `visited` extension (`true` for a place visited on an unknown date).
    public var visited: String?
    /// The text of OsmAnd's `address` extension.
    public var address: String?
    /// The text of OsmAnd's `visited_date` extension.
    public var visitedDate: String?
    /// The line of the document the waypoint starts on, for messages.
    public var line: Int

    /// A waypoint starting on `line` with nothing read yet.
    public init(line: Int) {
        self.line = line
    }
}
