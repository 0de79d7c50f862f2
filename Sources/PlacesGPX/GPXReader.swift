/// Reads the waypoints of a GPX 1.0 or 1.1 document with expat, streaming, and within limits.
///
/// The document is read as UTF-8 whatever its XML declaration says (it arrives as a JSON string, so its
/// characters are already decoded). A document type declaration is refused before anything in it is read, so
/// no entity can be declared: only XML's five predefined entities and character references are ever expanded,
/// and nothing is fetched (expat has no network access, and no handler for external entities is set). Elements
/// may nest `maximumDepth` deep, and reading stops at the waypoint past `maximumWaypoints`; the document's size
/// is bounded by whoever hands it over (the daemon's request line limit).
///
/// Of each `wpt` directly under the root, the `lat` and `lon` attributes and the texts of its `name`, `desc`,
/// `cmt` and `type` children in the root's namespace are kept, and in its `extensions` the `tag`, `visitedAt` and
/// `visited` elements of placesd's namespace (`placesdNamespace`) and the `address` and `visited_date` of OsmAnd's
/// (`osmandNamespaces`); everything else (`ele`, `sym`, other extensions and namespaces) is skipped, and its name
/// noted in `GPXContents.droppedFields`. Tracks and routes are noted by line, not read.
public enum GPXReader {
    /// How deep elements may nest: GPX itself needs four levels, extensions a few more.
    public static let maximumDepth = 32
    /// The namespaces of GPX 1.0 and 1.1; a root element in no namespace is taken as GPX too.
    public static let namespaces: Set<String> = [
        "http://www.topografix.com/GPX/1/0", "http://www.topografix.com/GPX/1/1", "",
    ]

    /// The namespace of placesd's own extensions, as its GPX export writes them.
    public static let placesdNamespace = "urn:placesd:gpx:1"
    /// The namespaces OsmAnd's extensions are written in: the one its favourites carry, and the address of its
    /// format's documentation that newer files name.
    public static let osmandNamespaces: Set<String> = [
        "https://osmand.net", "http://osmand.net", "https://osmand.net/docs/technical/osmand-file-formats/osmand-gpx",
    ]

    /// The waypoints of `document`, at most `maximumWaypoints` of them.
    public static func read(_ document: UnsafeRawBufferPointer, maximumWaypoints: Int) throws(GPXError)
        -> GPXContents
    {
        let parse = GPXParse(maximumWaypoints: maximumWaypoints)
        return try parse.run(document)
    }

    /// The waypoints of `document`, at most `maximumWaypoints` of them.
    public static func read(_ document: String, maximumWaypoints: Int) throws(GPXError) -> GPXContents {
        var text = document
        let result = text.withUTF8 { bytes in
            Result { () throws(GPXError) in try read(UnsafeRawBufferPointer(bytes), maximumWaypoints: maximumWaypoints)
            }
        }
        return try result.get()
    }
}
