/// What `GPXReader` found in a GPX document: its waypoints in order, the tracks and routes beside them (which
/// placesd does not import), and the names of the waypoints' children it read past.
public struct GPXContents: Sendable, Hashable {
    /// The `wpt` elements, in document order.
    public var waypoints: [GPXWaypoint] = []
    /// The line each `trk` element starts on.
    public var trackLines: [Int] = []
    /// The line each `rte` element starts on.
    public var routeLines: [Int] = []
    /// The local names of the waypoints' children that were read past (`ele`, `sym`), and of their extensions
    /// (OsmAnd's as `osmand:color`); placesd's own and the `time` its export writes are not among them.
    public var droppedFields: Set<String> = []

    /// The number of `trk` elements.
    public var trackCount: Int { trackLines.count }
    /// The number of `rte` elements.
    public var routeCount: Int { routeLines.count }

    /// Nothing read yet.
    public init() {}
}
