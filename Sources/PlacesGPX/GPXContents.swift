/// What `GPXReader` found in a GPX document: its waypoints in order, and how many tracks and routes it holds
/// beside them (which placesd does not import).
public struct GPXContents: Sendable, Hashable {
    /// The `wpt` elements, in document order.
    public var waypoints: [GPXWaypoint] = []
    /// The `trk` elements.
    public var trackCount = 0
    /// The `rte` elements.
    public var routeCount = 0

    /// Nothing read yet.
    public init() {}
}
