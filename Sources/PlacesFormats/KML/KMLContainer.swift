/// A `Document` or `Folder` of a KML document, as the placemarks inside it see it.
struct KMLContainer: Sendable, Hashable {
    /// Whether it is a `Folder` (a `Document` otherwise).
    var isFolder: Bool
    /// The index of the container it is in, in `KMLContents.containers`; nil for an outermost one.
    var parent: Int?
    /// The text of its `name`.
    var name: String?
    /// The `default` language's text of its Organic Maps `mwm:name`, which stands in for a missing `name`.
    var organicMapsName: String?

    /// The name it goes by: its `name`, else Organic Maps' one, trimmed; nil when blank.
    var shownName: String? {
        for candidate in [name, organicMapsName] {
            if let text = candidate.map(KMLText.trimmed), !text.isEmpty { return text }
        }
        return nil
    }
}
