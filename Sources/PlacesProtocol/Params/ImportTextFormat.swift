/// The import documents a client sends as text, read by the daemon: `places.import`'s `gpx`, `kml`, `csv` and
/// `kmz` members, and the `format` of `places.import.add`'s pieces of `text`.
public enum ImportTextFormat: String, Sendable, Hashable, CaseIterable {
    /// GPX 1.0 or 1.1, as XML text.
    case gpx
    /// KML 2.2, as XML text.
    case kml
    /// CSV with a header row (RFC 4180).
    case csv
    /// A KMZ archive (a zipped KML document), as base64 text (RFC 4648, section 4).
    case kmz

    /// What the text is, for messages: `a string of XML`, `a string of base64`.
    public var textKind: String {
        switch self {
        case .gpx, .kml: "a string of XML"
        case .csv: "a string of CSV"
        case .kmz: "a string of base64"
        }
    }
}
