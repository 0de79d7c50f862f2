/// The XML namespaces a KML reader meets, and the prefix a dropped element of each is reported with.
enum KMLNamespace {
    /// KML 2.2 as OGC publishes it, Google's earlier 2.0, 2.1 and 2.2, and none (some writers leave it out).
    static let kml: Set<String> = [
        "http://www.opengis.net/kml/2.2", "http://earth.google.com/kml/2.0", "http://earth.google.com/kml/2.1",
        "http://earth.google.com/kml/2.2", "",
    ]
    /// Google's extensions (`gx:Track`, `gx:balloonVisibility`).
    static let googleExtensions = "http://www.google.com/kml/ext/2.2"
    /// Organic Maps' extensions, and MAPS.ME's before it (`mwm:name`, `mwm:visibility`).
    static let organicMaps: Set<String> = ["https://omaps.app", "https://maps.me"]
    /// Atom, for `atom:author` and `atom:link`.
    static let atom = "http://www.w3.org/2005/Atom"

    /// How a document spells an element of `namespace` named `local`: `gx:Track`, `mwm:scale`, or the local name
    /// alone for KML's own and unknown namespaces.
    static func spelled(_ local: String, in namespace: String) -> String {
        if namespace == googleExtensions { return "gx:" + local }
        if organicMaps.contains(namespace) { return "mwm:" + local }
        if namespace == atom { return "atom:" + local }
        return local
    }
}
