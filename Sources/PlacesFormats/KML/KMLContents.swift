import PlacesProtocol

/// What `KMLParse` found in a KML document: its point placemarks and their containers, and what it left out.
struct KMLContents: Sendable {
    /// The `Document`s and `Folder`s, in the order they start.
    var containers: [KMLContainer] = []
    /// The placemarks that have a `Point`, in document order.
    var placemarks: [KMLPlacemark] = []
    /// Whether the document has any `Folder`.
    var hasFolder = false
    /// The placemarks skipped (without a point) and the elements read past.
    var omissions = ImportOmissions()
}
